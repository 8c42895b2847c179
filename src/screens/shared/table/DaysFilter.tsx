import { lazy, Suspense, useEffect, useState } from 'react';
import { Box, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { validateDayRange, type CustomRangeError as RuleRefusal, type DayRange } from '../../../rules/timeRange';
import { isoDay } from './time-range';

const CustomRangeInputs = lazy(() => import('./CustomRangeInputs'));

/** What the fields say under the days (i18n `table:timeRange.errors.<key>`). */
const REFUSALS: Record<RuleRefusal, 'invalidDate' | 'endBeforeStart' | 'future' | 'tooLong'> = {
  RANGE_INCOMPLETE: 'invalidDate',
  RANGE_END_BEFORE_START: 'endBeforeStart',
  RANGE_AFTER_TODAY: 'future',
  RANGE_TOO_LONG: 'tooLong',
};

/**
 * A list's day filter (D269): from and to Vietnam days, applied together, cleared together. The
 * days are a draft until they pass the rules (src/rules/timeRange `validateDayRange`): a refused
 * range stays in the fields with the reason under them, so nothing typed is lost, and the list
 * keeps its last accepted days.
 */
export function DaysFilter({
  label,
  value,
  onChange,
  nowMs,
  language,
  testId = 'days',
}: {
  label: string;
  value: DayRange | undefined;
  onChange: (next: DayRange | undefined) => void;
  /** "Today" for the rules; the caller's clock so tests can fix it. */
  nowMs: number;
  language: 'vi' | 'en';
  testId?: string;
}) {
  const { t } = useTranslation('table');
  const [from, setFrom] = useState<string | null>(value?.from ?? null);
  const [to, setTo] = useState<string | null>(value?.to ?? null);
  const [attempted, setAttempted] = useState(false);

  // Back/forward or a bookmark can change the applied days under us.
  useEffect(() => {
    setFrom(value?.from ?? null);
    setTo(value?.to ?? null);
    setAttempted(false);
  }, [value?.from, value?.to]);

  const refusal = !from || !to ? 'required' : validateDayRange(from, to, isoDay(nowMs));
  const errorKey = refusal === null ? null : refusal === 'required' ? (attempted ? 'required' : null) : REFUSALS[refusal];
  const errorId = `${testId}-error`;

  const apply = () => {
    setAttempted(true);
    if (refusal === null && from && to) onChange({ from, to });
  };
  const clear = () => {
    setFrom(null);
    setTo(null);
    setAttempted(false);
    if (value) onChange(undefined);
  };

  return (
    <Box role="group" aria-label={label} data-testid={testId}>
      <Text size="sm" fw={500} mb={2}>
        {label}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        {/* The fields' space is held while their chunk arrives, so nothing below moves. */}
        <Suspense fallback={<Box w={308} h={36} aria-hidden="true" />}>
          <CustomRangeInputs
            language={language}
            from={from}
            to={to}
            onFrom={setFrom}
            onTo={setTo}
            error={errorKey !== null}
            describedBy={errorKey ? errorId : undefined}
          />
        </Suspense>
        <Button variant="light" onClick={apply} data-testid={`${testId}-apply`}>
          {t('timeRange.apply')}
        </Button>
        {value || from || to ? (
          <Button variant="subtle" onClick={clear} data-testid={`${testId}-clear`}>
            {t('timeRange.clear')}
          </Button>
        ) : null}
      </Group>
      {errorKey ? (
        <Text id={errorId} role="alert" c="red.9" size="sm" mt={4} data-testid={`${testId}-error`}>
          {t(`timeRange.errors.${errorKey}`)}
        </Text>
      ) : null}
    </Box>
  );
}
