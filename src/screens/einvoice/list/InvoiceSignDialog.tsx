import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { invoiceSignMachine } from '../../../machines/einvoice/invoiceSign.machine';
import { selectSignBusy, selectSignRow } from '../../../machines/einvoice/list/selectors';
import '../styles';

export type InvoiceSignActor = ActorRefFrom<typeof invoiceSignMachine>;

/** doc 2 §4: "Do you want to sign this invoice and send it to CQT?" with Cancel and Sign. */
export function InvoiceSignDialog({ actor }: { actor: InvoiceSignActor }) {
  const { t } = useTranslation('einvoice');
  const row = useSelector(actor, selectSignRow);
  const busy = useSelector(actor, selectSignBusy);
  const cancel = () => {
    if (!busy) actor.send({ type: 'CANCEL' });
  };
  return (
    <Modal
      opened
      onClose={cancel}
      title={t('list.sign.title')}
      centered
      closeButtonProps={{ 'aria-label': t('list.sign.cancel'), disabled: busy }}
    >
      <Stack gap="md" data-testid="einvoice-sign-dialog">
        <Text>{t('list.sign.question')}</Text>
        <Text size="sm" c="gray.7">
          {t('list.invoiceName', { serial: row.invoice.serial, seq: row.invoice.seq })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel} disabled={busy} data-testid="sign-cancel">
            {t('list.sign.cancel')}
          </Button>
          <Button onClick={() => actor.send({ type: 'CONFIRM' })} loading={busy} data-testid="sign-confirm">
            {t('list.sign.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
