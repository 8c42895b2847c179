import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '../../services/edc/schemas';
import { STATUS_TONES, type StatusTone } from '../shared/table/status';
import tableClasses from '../shared/table/table.module.css';

const TONE: Record<ConnectionState | 'none', StatusTone> = {
  ONLINE: 'done',
  OFFLINE: 'problem',
  NOT_CONNECTED: 'waiting',
  none: 'waiting',
};

/** A machine's connection state in words, with the table's colours and marks (never colour alone). */
export function ConnectionBadge({ status }: { status: ConnectionState | null }) {
  const { t } = useTranslation('edc');
  const key = status ?? 'none';
  const tone = STATUS_TONES[TONE[key]];
  return (
    <span className={tableClasses.statusBadge} style={{ color: tone.text, background: tone.background }} data-status={key}>
      <span aria-hidden="true">{tone.mark}</span>
      {t(`state.${key}`)}
    </span>
  );
}
