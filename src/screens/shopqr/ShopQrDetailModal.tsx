import { LoadingLine } from '../shared/LoadingLine';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ShopQrDetail, ShopQrRow } from '../../services/shopqr/schemas';
import { formatDateTime, formatVnd } from '../shared/table/format';
import { serviceMessage } from './labels';
import classes from './shopqr.module.css';

/** The QR as a PNG file named by its virtual account number. */
function pngBlob(base64: string): Blob {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: 'image/png' });
}

export interface ShopQrDetailModalProps {
  row: ShopQrRow | null;
  detail: ShopQrDetail | null;
  errorCode: string | null;
  onRetry: () => void;
  onClose: () => void;
  onDownload: (blob: Blob, filename: string) => void;
}

/** core §2 /payment detail: the QR image from qr_base64, a PNG download and the account's fields. */
export function ShopQrDetailModal({ row, detail, errorCode, onRetry, onClose, onDownload }: ShopQrDetailModalProps) {
  const { t } = useTranslation(['shopqr', 'errors']);
  const shown = detail ?? row;
  const fields: Array<[string, string]> = shown
    ? [
        [t('columns.va_type'), t(`type.${shown.va_type}`)],
        [t('columns.va_account_no'), shown.va_account_no],
        [t('columns.bank_account_no'), [shown.bank_account_no, shown.bank_code].filter(Boolean).join(' – ')],
        [t('columns.holder_name'), shown.holder_name ?? ''],
        [t('columns.store_name'), shown.store_name ?? ''],
        [t('columns.staff'), [shown.staff_id, shown.staff_name].filter(Boolean).join(' – ')],
        [t('columns.channel'), shown.channel ? t(`channel.${shown.channel}`, { defaultValue: shown.channel }) : ''],
        [t('columns.amount'), shown.amount ? formatVnd(shown.amount) : ''],
        [t('columns.created_at'), formatDateTime(shown.created_at)],
      ]
    : [];

  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={t('detail.title')}
      size="md"
      closeButtonProps={{ 'aria-label': t('detail.close') }}
    >
      <Stack gap="md">
        {detail ? (
          <img
            src={`data:image/png;base64,${detail.qr_base64}`}
            alt={t('detail.qrAlt', { va: detail.va_account_no })}
            className={classes.qrImage}
            data-testid="shopqr-qr"
          />
        ) : errorCode ? (
          <Stack gap="xs" role="alert">
            <Text c="red.9">{t('detail.failed')}</Text>
            <Text size="sm">{serviceMessage(t, { code: errorCode })}</Text>
            <Group>
              <Button variant="default" size="xs" onClick={onRetry}>
                {t('retry')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <LoadingLine label={t('detail.loading')} justify="center" />
        )}
        <dl className={classes.fields} data-testid="shopqr-fields">
          {fields
            .filter(([, value]) => value !== '')
            .map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('detail.close')}
          </Button>
          <Button disabled={!detail} onClick={() => detail && onDownload(pngBlob(detail.qr_base64), `${detail.va_account_no}.png`)}>
            {t('detail.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
