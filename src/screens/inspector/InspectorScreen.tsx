import { useEffect, useMemo, useReducer, useState } from 'react';
import { Box, Code, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../shared/LanguageSelect';
import { CoveragePanel, DiagramLegend, type CoverageState } from './CoveragePanel';
import { LiveActorList, LiveEventList } from './LivePanels';
import { coverageOverlay } from './coverage';
import { DiagramView } from './DiagramView';
import { layoutDiagram, type DiagramLayout } from './diagram/layout';
import { activeStateIds, buildDiagramModel, type DiagramModel } from './diagram/model';
import type { DiagramOverlay } from './diagram/scene';
import { applyLiveMessage, formatStateValue, INSPECTOR_PROTOCOL, parseLiveMessage, type LiveActor, type LiveState } from './live';
import { MachineList } from './MachineList';
import type { InspectorChannel, InspectorMachine } from './types';
import './styles';

export interface InspectorScreenProps {
  machines: readonly InspectorMachine[];
  /** Opens the channel the portal tabs report on; null or absent: no live view. */
  openChannel?: () => InspectorChannel | null;
}

const FLASH_MS = 1600;

function useLiveActors(openChannel: InspectorScreenProps['openChannel']): LiveState {
  const [state, dispatch] = useReducer(applyLiveMessage, new Map() as LiveState);
  useEffect(() => {
    const channel = openChannel?.() ?? null;
    if (!channel) return;
    const hello = () => channel.postMessage({ protocol: INSPECTOR_PROTOCOL, kind: 'hello' });
    const onMessage = (event: MessageEvent) => {
      const message = parseLiveMessage(event.data);
      // A portal tab reports only once an inspector has said hello: one opened after this one asks.
      if (message?.kind === 'tab') hello();
      else if (message) dispatch(message);
    };
    channel.addEventListener('message', onMessage);
    // Tabs opened before this one announce their running actors when asked.
    hello();
    return () => {
      channel.removeEventListener('message', onMessage);
      channel.close();
    };
  }, [openChannel]);
  return state;
}

/** The selected machine's diagram laid out (once per machine, kept while the page lives), or why it could not be. */
function useDiagramLayout(selected: InspectorMachine | null, model: DiagramModel | null) {
  const [layouts, setLayouts] = useState<ReadonlyMap<string, DiagramLayout>>(new Map());
  const [layoutError, setLayoutError] = useState<string | null>(null);
  useEffect(() => {
    if (!selected || !model || layouts.has(selected.id)) return;
    let cancelled = false;
    setLayoutError(null);
    layoutDiagram(model).then(
      (result) => {
        if (!cancelled) setLayouts((current) => new Map(current).set(selected.id, result));
      },
      (error: unknown) => {
        if (!cancelled) setLayoutError(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [selected, model, layouts]);
  return { layout: selected ? (layouts.get(selected.id) ?? null) : null, layoutError };
}

/** The transitions the followed actor just took, for FLASH_MS. */
function useFlashedTransitions(followedHere: LiveActor | null, model: DiagramModel | null): ReadonlySet<string> {
  const [flashed, setFlashed] = useState<ReadonlySet<string>>(new Set());
  // Flash the transitions the followed actor just took; a newer transition restarts the flash.
  useEffect(() => {
    if (!followedHere || !model || followedHere.lastTransitions.length === 0) return;
    const ids = new Set(
      model.transitions
        .filter((transition) =>
          followedHere.lastTransitions.some(
            (taken) => taken.source === transition.sourceId && taken.eventType === transition.eventType && taken.index === transition.index,
          ),
        )
        .map((transition) => transition.id),
    );
    setFlashed(ids);
    const timer = setTimeout(() => setFlashed(new Set()), FLASH_MS);
    return () => clearTimeout(timer);
    // transitionSeq changes with every transition message, even when the same edge is taken again;
    // the whole followed actor changes with every snapshot and would restart the flash needlessly.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [followedHere?.transitionSeq, followedHere?.key, model]);
  return flashed;
}

export function InspectorScreen({ machines, openChannel }: InspectorScreenProps) {
  const { t } = useTranslation(['inspector', 'machines']);
  const [selectedId, setSelectedId] = useState<string | null>(machines[0]?.id ?? null);
  const [followKey, setFollowKey] = useState<string | null>(null);
  const [coverage, setCoverage] = useState<CoverageState>(null);
  const live = useLiveActors(openChannel);

  const selected = machines.find((entry) => entry.id === selectedId) ?? null;
  const model = useMemo(() => (selected ? buildDiagramModel(selected.machine) : null), [selected]);
  const { layout, layoutError } = useDiagramLayout(selected, model);

  const followed = followKey ? (live.get(followKey) ?? null) : null;
  const followedHere = followed && selected && followed.machineId === selected.id ? followed : null;
  const flashed = useFlashedTransitions(followedHere, model);

  const machineCoverage = coverage && 'report' in coverage && selected ? coverage.report.machines[selected.id] : undefined;

  const overlay = useMemo<DiagramOverlay>(() => {
    const next: DiagramOverlay = { flashed };
    if (followedHere?.snapshot && selected) next.active = activeStateIds(selected.machine, followedHere.snapshot.value);
    if (machineCoverage) next.coverage = coverageOverlay(machineCoverage);
    return next;
  }, [flashed, followedHere?.snapshot, selected, machineCoverage]);

  const actors = [...live.values()].sort((a, b) => Number(a.ended) - Number(b.ended) || b.startedAt - a.startedAt);

  const follow = (actor: LiveActor) => {
    setFollowKey(actor.key);
    if (machines.some((entry) => entry.id === actor.machineId)) setSelectedId(actor.machineId);
  };

  const title = selected ? t(`machines:${selected.id}.title`) : '';

  return (
    <Box p="md" maw={1600} mx="auto">
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text size="sm" maw={820}>
            {t('intro')}
          </Text>
        </div>
        <LanguageSelect />
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Stack gap="lg">
            <MachineList machines={machines} selectedId={selectedId} onSelect={setSelectedId} />
            <LiveActorList actors={actors} followKey={followKey} onFollow={follow} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {selected && model ? (
            <Stack gap="sm">
              <div>
                <Title order={2} size="h3">
                  {title} <Code>{selected.id}</Code>
                </Title>
                {/* A machine's file path is one long word: it breaks anywhere rather than widen the page at 375 px (D222). */}
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t('specLabel', { spec: t(`machines:${selected.id}.spec`) })} · {t('fileLabel', { file: selected.file })} ·{' '}
                  {t('stats', { states: model.states.length - 1, transitions: model.transitions.length })}
                </Text>
              </div>
              {followedHere ? (
                <Text size="sm" role="status" data-testid="live-current-state">
                  {t('live.current', { state: followedHere.snapshot ? formatStateValue(followedHere.snapshot.value) : '—' })}
                </Text>
              ) : null}
              <DiagramView
                layout={layout}
                error={layoutError}
                overlay={overlay}
                machineTitle={title}
                fileName={`${selected.id}-statechart`}
              />
              <Grid gap="md">
                <Grid.Col span={{ base: 12, lg: 6 }}>
                  <CoveragePanel coverage={coverage} onCoverage={setCoverage} machineCoverage={machineCoverage} />
                  <DiagramLegend />
                </Grid.Col>
                <Grid.Col span={{ base: 12, lg: 6 }}>
                  <LiveEventList followed={followedHere} />
                </Grid.Col>
              </Grid>
            </Stack>
          ) : null}
        </Grid.Col>
      </Grid>
    </Box>
  );
}
