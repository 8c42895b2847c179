import { DateInput, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useTranslation } from 'react-i18next';
import 'dayjs/locale/vi';
import { parseTypedDay } from './time-range';

/**
 * The two day fields of a custom range. A chunk of their own: the date library (about 15 KB gzipped)
 * is fetched when a person picks "custom", not with every report page.
 */
export default function CustomRangeInputs({
  language,
  from,
  to,
  onFrom,
  onTo,
  error,
  describedBy: describedByProp,
}: {
  language: 'vi' | 'en';
  from: string | null;
  to: string | null;
  onFrom: (day: string | null) => void;
  onTo: (day: string | null) => void;
  error: boolean;
  /** The id of the text saying why the days are refused; the time-range picker's by default. */
  describedBy?: string;
}) {
  const { t } = useTranslation('table');
  const describedBy = error ? (describedByProp ?? 'time-range-error') : undefined;
  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: 1 }}>
      <DateInput
        label={t('timeRange.from')}
        value={from}
        onChange={onFrom}
        valueFormat="DD/MM/YYYY"
        dateParser={parseTypedDay}
        placeholder={t('timeRange.datePlaceholder')}
        fixOnBlur={false}
        w={150}
        aria-describedby={describedBy}
        data-testid="range-from"
      />
      <DateInput
        label={t('timeRange.to')}
        value={to}
        onChange={onTo}
        valueFormat="DD/MM/YYYY"
        dateParser={parseTypedDay}
        placeholder={t('timeRange.datePlaceholder')}
        fixOnBlur={false}
        w={150}
        error={error ? true : undefined}
        aria-describedby={describedBy}
        data-testid="range-to"
      />
    </DatesProvider>
  );
}
