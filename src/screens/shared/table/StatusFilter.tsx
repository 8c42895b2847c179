import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DROPDOWN_MAX_HEIGHT } from '../dropdown';
import { FILTER_STATUSES, STATUS_TONES, statusTone } from './status';
import { StatusBadge } from './StatusBadge';

/** Status filter (core §3 filter: status, default all); each choice shows its colour and mark. */
export function StatusFilter({
  value,
  onChange,
  statuses = FILTER_STATUSES,
}: {
  value: string;
  onChange: (status: string) => void;
  statuses?: readonly string[];
}) {
  const { t } = useTranslation('table');
  const data = statuses.map((s) => ({ value: s, label: t(`status.values.${s}`) }));
  const tone = value === 'all' ? null : STATUS_TONES[statusTone(value)];
  return (
    <Select
      label={t('status.label')}
      data={data}
      value={value}
      allowDeselect={false}
      onChange={(next) => onChange(next ?? 'all')}
      // Mantine 9 keeps a closed dropdown mounted (hidden) and places it at start: a forced style
      // recalculation of the whole page while the report loads (D381). It is drawn when opened.
      comboboxProps={{ withinPortal: true, keepMounted: false }}
      maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
      w={220}
      leftSection={
        tone ? (
          <span aria-hidden="true" style={{ color: tone.text, fontWeight: 700 }}>
            {tone.mark}
          </span>
        ) : undefined
      }
      renderOption={({ option }) => (option.value === 'all' ? option.label : <StatusBadge status={option.value} label={option.label} />)}
      data-testid="status-filter"
    />
  );
}
