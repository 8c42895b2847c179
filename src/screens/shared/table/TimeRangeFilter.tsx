import { lazy, Suspense, useEffect, useState } from 'react';
import { Box, Button, Group, NativeSelect, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkCustomRange, isoDay, TIME_PRESETS, type TimePreset } from './time-range';

const CustomRangeInputs = lazy(() => import('./CustomRangeInputs'));

export interface TimeFilterValue {
  preset: TimePreset;
  /** 'YYYY-MM-DD', only for custom */
  from?: string;
  to?: string;
}

/**
 * Time-range presets and the custom range (core §2, §5). The custom days are a draft until they
 * pass the rules: a refused range stays on screen with the reason beside it, so nothing typed is
 * lost, and the report keeps showing the last accepted range.
 */
export function TimeRangeFilter({
  value,
  onChange,
  nowMs,
  language,
  presets = TIME_PRESETS,
  refusal = null,
}: {
  value: TimeFilterValue;
  onChange: (next: TimeFilterValue) => void;
  /** "Today" for the rules; the caller's clock so tests can fix it. */
  nowMs: number;
  language: 'vi' | 'en';
  presets?: readonly TimePreset[];
  /** A refusal from the owner (e.g. the machine's own check), shown when the draft has none. */
  refusal?: string | null;
}) {
  const { t } = useTranslation('table');
  const today = isoDay(nowMs);
  const [showCustom, setShowCustom] = useState(value.preset === 'custom');
  const [from, setFrom] = useState<string | null>(value.from ?? today);
  const [to, setTo] = useState<string | null>(value.to ?? today);
  const [attempted, setAttempted] = useState(false);

  // Back/forward or a bookmark can change the applied range under us.
  useEffect(() => {
    setShowCustom(value.preset === 'custom');
    if (value.preset === 'custom') {
      setFrom(value.from ?? today);
      setTo(value.to ?? today);
    }
  }, [value.preset, value.from, value.to, today]);

  const check = checkCustomRange(from, to, nowMs);
  // Refusals show as soon as both days are there (or after a try with one missing).
  const error = !check.ok && (attempted || check.error !== 'required') ? t(`timeRange.errors.${check.error}`) : refusal;

  const apply = () => {
    setAttempted(true);
    if (check.ok && from && to) onChange({ preset: 'custom', from, to });
  };

  return (
    <>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label={t('timeRange.label')}
          value={showCustom ? 'custom' : value.preset}
          data={presets.map((p) => ({ value: p, label: t(`timeRange.presets.${p}`) }))}
          onChange={(e) => {
            const next = e.currentTarget.value as TimePreset;
            if (next === 'custom') {
              setShowCustom(true);
              setAttempted(false);
            } else {
              setShowCustom(false);
              onChange({ preset: next });
            }
          }}
          w={190}
          data-testid="time-preset"
        />
        {showCustom ? (
          <>
            {/* The fields' space is held while their chunk arrives, so nothing below moves. */}
            <Suspense fallback={<Box w={308} h={60} aria-hidden="true" />}>
              <CustomRangeInputs language={language} from={from} to={to} onFrom={setFrom} onTo={setTo} error={Boolean(error)} />
            </Suspense>
            <Button onClick={apply} data-testid="range-apply">
              {t('timeRange.apply')}
            </Button>
          </>
        ) : null}
      </Group>
      {showCustom && error ? (
        <Text id="time-range-error" role="alert" c="red.9" size="sm" mt={4} data-testid="range-error">
          {error}
        </Text>
      ) : null}
    </>
  );
}
