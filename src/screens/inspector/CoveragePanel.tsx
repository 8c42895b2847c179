import { useRef, type ChangeEvent } from 'react';
import { Alert, Box, Button, Group, List, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { parseCoverageReport, type CoverageReport } from './coverage';

export type CoverageState = { report: CoverageReport; fileName: string } | { error: string } | null;
type MachineCoverage = CoverageReport['machines'][string];

/** A button whose label may take two lines: Mantine's label never wraps and hides what does not fit. */
const WRAPPING_LABEL = { label: { whiteSpace: 'normal', textAlign: 'left', overflow: 'visible' } } as const;

/** Loading a model-test coverage report (or clearing it), and what it says of the selected machine. */
export function CoveragePanel({
  coverage,
  onCoverage,
  machineCoverage,
}: {
  coverage: CoverageState;
  onCoverage: (coverage: CoverageState) => void;
  machineCoverage: MachineCoverage | undefined;
}) {
  const { t, i18n } = useTranslation('inspector');
  const fileInput = useRef<HTMLInputElement>(null);
  const setCoverage = onCoverage;
  const dateFormat = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'vi-VN', { dateStyle: 'short', timeStyle: 'medium' });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    const result = parseCoverageReport(await file.text());
    if (result.ok) setCoverage({ report: result.report, fileName: file.name });
    else setCoverage({ error: t(`coverage.${result.error}`, { detail: result.detail ?? '' }) });
  };

  return (
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
        <Button size="xs" variant="default" h="auto" mih={30} py={4} styles={WRAPPING_LABEL} onClick={() => fileInput.current?.click()}>
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
  );
}

/** What the diagram's marks mean. */
export function DiagramLegend() {
  const { t } = useTranslation('inspector');
  return (
    <section aria-labelledby="inspector-legend-heading">
      <Title order={3} size="h5" id="inspector-legend-heading" mt="md" mb="xs">
        {t('legend.heading')}
      </Title>
      <List size="sm" spacing={2}>
        {(['initial', 'final', 'parallel', 'always', 'internal', 'active', 'flash', 'covered', 'notCovered'] as const).map((key) => (
          <List.Item key={key}>{t(`legend.${key}`)}</List.Item>
        ))}
      </List>
    </section>
  );
}
