import type { TFunction } from 'i18next';
import { STATUS_TONES, statusKey, statusTone } from './status';
import classes from './table.module.css';

/**
 * A status in words (the server's own text when it is not one we know). `t` must reach the `table`
 * namespace; a table column asks once per status value, not once per row (a page has 80 badges).
 */
export function statusLabel(t: TFunction, status: string | null | undefined): string {
  const key = statusKey(status);
  return key === 'unknown' ? (status ?? '') : t(`table:status.values.${key}`);
}

/** `statusLabel` remembered per value, for a column that shows the same few statuses on every row. */
export function statusLabels(t: TFunction): (status: string | null | undefined) => string {
  const known = new Map<string, string>();
  return (status) => {
    const value = status ?? '';
    let label = known.get(value);
    if (label === undefined) {
      label = statusLabel(t, status);
      known.set(value, label);
    }
    return label;
  };
}

/** A status as words with its family's colour and mark (core §4; never colour alone). */
export function StatusBadge({ status, label }: { status: string | null | undefined; label: string }) {
  const tone = statusTone(status);
  const look = STATUS_TONES[tone];
  return (
    <span className={classes.statusBadge} style={{ color: look.text, background: look.background }} data-tone={tone}>
      <span aria-hidden="true">{look.mark}</span>
      {label}
    </span>
  );
}
