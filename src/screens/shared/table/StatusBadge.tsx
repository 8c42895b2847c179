import { useTranslation } from 'react-i18next';
import { STATUS_TONES, statusKey, statusTone } from './status';
import classes from './table.module.css';

/** A status as words with its family's colour and mark (core §4; never colour alone). */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation('table');
  const tone = STATUS_TONES[statusTone(status)];
  const key = statusKey(status);
  return (
    <span className={classes.statusBadge} style={{ color: tone.text, background: tone.background }} data-tone={statusTone(status)}>
      <span aria-hidden="true">{tone.mark}</span>
      {key === 'unknown' ? (status ?? '') : t(`status.values.${key}`)}
    </span>
  );
}
