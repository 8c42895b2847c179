import { useEffect, useMemo, useReducer, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Badge, Box, Button, Code, Grid, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../shared/LanguageSelect';
import { coverageOverlay, parseCoverageReport, type CoverageReport } from './coverage';
import { DiagramView } from './DiagramView';
import { layoutDiagram, type DiagramLayout } from './diagram/layout';
import { activeStateIds, buildDiagramModel } from './diagram/model';
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

/** A button whose label may take two lines: Mantine's label never wraps and hides what does not fit. */
const WRAPPING_LABEL = { label: { whiteSpace: 'normal', textAlign: 'left', overflow: 'visible' } } as const;

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

type CoverageState = { report: CoverageReport; fileName: string } | { error: string } | null;

export function InspectorScreen({ machines, openChannel }: InspectorScreenProps) {
  const { t, i18n } = useTranslation(['inspector', 'machines']);
  const [selectedId, setSelectedId] = useState<string | null>(machines[0]?.id ?? null);
  const [followKey, setFollowKey] = useState<string | null>(null);
  const [coverage, setCoverage] = useState<CoverageState>(null);
  const [layouts, setLayouts] = useState<ReadonlyMap<string, DiagramLayout>>(new Map());
  const [layoutError, setLayoutError] = useState<string | null>(null);
  const [flashed, setFlashed] = useState<ReadonlySet<string>>(new Set());
  const live = useLiveActors(openChannel);

  const selected = machines.find((entry) => entry.id === selectedId) ?? null;
  const model = useMemo(() => (selected ? buildDiagramModel(selected.machine) : null), [selected]);
  const layout = selected ? (layouts.get(selected.id) ?? null) : null;

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

  const followed = followKey ? (live.get(followKey) ?? null) : null;
  const followedHere = followed && selected && followed.machineId === selected.id ? followed : null;

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

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    const result = parseCoverageReport(await file.text());
    if (result.ok) setCoverage({ report: result.report, fileName: file.name });
    else setCoverage({ error: t(`coverage.${result.error}`, { detail: result.detail ?? '' }) });
  };

  const fileInput = useRef<HTMLInputElement>(null);
  const title = selected ? t(`machines:${selected.id}.title`) : '';
  const dateFormat = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'vi-VN', { dateStyle: 'short', timeStyle: 'medium' });

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
            <section aria-labelledby="inspector-live-heading">
              <Title order={2} size="h4" id="inspector-live-heading" mb="xs">
                {t('live.heading')}
              </Title>
              <Text size="xs" c="dimmed" mb="xs">
                {t('live.masked')}
              </Text>
              {actors.length === 0 ? (
                <Text size="sm">{t('live.empty')}</Text>
              ) : (
                <Stack component="ul" gap={6} style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="live-actors">
                  {actors.map((actor) => (
                    <li key={actor.key}>
                      <Paper withBorder p="xs" data-actor-machine={actor.machineId} data-ended={actor.ended}>
                        <Text size="sm" fw={700}>
                          {t('live.actor', { machine: actor.machineId, tab: actor.tabId.slice(0, 4), path: actor.path })}{' '}
                          {actor.ended ? (
                            <Badge color="gray.7" size="sm" variant="outline">
                              {t('live.ended')}
                            </Badge>
                          ) : null}
                        </Text>
                        <Text size="xs" ff="monospace">
                          {t('live.state', { state: actor.snapshot ? formatStateValue(actor.snapshot.value) : '—' })}
                        </Text>
                        <Button
                          mt={4}
                          size="xs"
                          variant={followKey === actor.key ? 'filled' : 'default'}
                          aria-pressed={followKey === actor.key}
                          onClick={() => follow(actor)}
                        >
                          {followKey === actor.key ? t('live.following') : t('live.follow')}
                        </Button>
                      </Paper>
                    </li>
                  ))}
                </Stack>
              )}
            </section>
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
                  <section aria-labelledby="inspector-coverage-heading">
                    <Title order={3} size="h5" id="inspector-coverage-heading" mb="xs">
                      {t('coverage.heading')}
                    </Title>
                    <input
                      ref={fileInput}
                      id="inspector-coverage-file"
                      type="file"
                      accept="application/json,.json"
                      onChange={(event) => void onFile(event)}
                      style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
                      aria-label={t('coverage.load')}
                      data-testid="coverage-file"
                    />
                    <Group gap="xs">
                      {/* Its label names the report file and is wider than a phone: it wraps inside the button (D222). */}
                      <Button
                        size="xs"
                        variant="default"
                        h="auto"
                        mih={30}
                        py={4}
                        styles={WRAPPING_LABEL}
                        onClick={() => fileInput.current?.click()}
                      >
                        {t('coverage.load')}
                      </Button>
                      {coverage ? (
                        <Button size="xs" variant="default" onClick={() => setCoverage(null)}>
                          {t('coverage.clear')}
                        </Button>
                      ) : null}
                    </Group>
                    <Box mt="xs" aria-live="polite">
                      {coverage && 'error' in coverage ? (
                        <Alert color="red" variant="outline" title={coverage.error} data-testid="coverage-error" />
                      ) : null}
                      {coverage && 'report' in coverage ? (
                        machineCoverage ? (
                          <Text size="sm" data-testid="coverage-summary">
                            {t('coverage.loaded', {
                              date: dateFormat.format(new Date(coverage.report.generatedAt)),
                              states: machineCoverage.states.covered.length,
                              statesTotal: machineCoverage.states.total,
                              transitions: machineCoverage.transitions.covered.length,
                              transitionsTotal: machineCoverage.transitions.total,
                            })}{' '}
                            {t('coverage.paths', {
                              passed: machineCoverage.paths.filter((path) => path.passed).length,
                              total: machineCoverage.paths.length,
                            })}
                          </Text>
                        ) : (
                          <Text size="sm">{t('coverage.notInReport')}</Text>
                        )
                      ) : null}
                    </Box>
                  </section>
                  <section aria-labelledby="inspector-legend-heading">
                    <Title order={3} size="h5" id="inspector-legend-heading" mt="md" mb="xs">
                      {t('legend.heading')}
                    </Title>
                    <List size="sm" spacing={2}>
                      {(['initial', 'final', 'parallel', 'always', 'internal', 'active', 'flash', 'covered', 'notCovered'] as const).map(
                        (key) => (
                          <List.Item key={key}>{t(`legend.${key}`)}</List.Item>
                        ),
                      )}
                    </List>
                  </section>
                </Grid.Col>
                <Grid.Col span={{ base: 12, lg: 6 }}>
                  <section aria-labelledby="inspector-events-heading">
                    <Title order={3} size="h5" id="inspector-events-heading" mb="xs">
                      {t('live.eventsHeading')}
                    </Title>
                    {followedHere && followedHere.events.length > 0 ? (
                      <Stack component="ol" gap={4} style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="live-events">
                        {followedHere.events.map((event, index) => (
                          <li key={`${event.at}-${index}`}>
                            <Text size="xs" fw={700} ff="monospace">
                              {new Date(event.at).toLocaleTimeString(i18n.language === 'en' ? 'en-GB' : 'vi-VN')} {event.type}
                            </Text>
                            <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                              {JSON.stringify(event.payload, null, 1)}
                            </Code>
                          </li>
                        ))}
                      </Stack>
                    ) : (
                      <Text size="sm">{t('live.noEvents')}</Text>
                    )}
                  </section>
                </Grid.Col>
              </Grid>
            </Stack>
          ) : null}
        </Grid.Col>
      </Grid>
    </Box>
  );
}
