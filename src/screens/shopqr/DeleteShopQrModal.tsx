import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ShopQrRow } from '../../services/shopqr/schemas';
import { serviceMessage } from './labels';

/** Delete with confirmation; a failure stays in the dialog, and confirming again is safe. */
export function DeleteShopQrModal({
  row,
  busy,
  errorCode,
  onConfirm,
  onCancel,
}: {
  row: ShopQrRow | null;
  busy: boolean;
  errorCode: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['payment', 'errors']);
  return (
    <Modal opened={row !== null} onClose={busy ? () => {} : onCancel} title={t('delete.title')} size="md" closeButtonProps={{ 'aria-label': t('detail.close') }}>
      <Stack gap="md">
        <Text>{t('delete.question', { va: row?.va_account_no ?? '' })}</Text>
        {errorCode ? (
          <Alert color="red" variant="light" role="alert" title={t('delete.failedTitle')} data-testid="shopqr-delete-error">
            <Text size="sm" c="red.9">
              {serviceMessage(t, { code: errorCode })}
            </Text>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('delete.cancel')}
          </Button>
          <Button color="red.9" onClick={onConfirm} loading={busy} disabled={busy}>
            {t('delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
