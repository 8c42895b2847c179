import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { serialVatMachine } from '../../../machines/einvoice/serialVat.machine';
import { serialText } from '../../../rules/einvoiceCode';
import { errorMessageKey } from '../../../services/errors';
import { LoadingLine } from '../../shared/LoadingLine';
import { DROPDOWN_MAX_HEIGHT } from '../../shared/dropdown';
import '../styles';

export type SerialVatActor = ActorRefFrom<typeof serialVatMachine>;

/**
 * The serial modal (doc 2 §5): a series is required. VAT is not chosen here (D235): each line takes
 * its product's tax class's rate on the day of the sale, which the modal says; a sales-invoice series
 * writes no VAT on its lines. Closing it (backdrop, Escape) is the machine's BACKDROP: with series
 * loaded it applies the first one; the modal says so beforehand.
 */
export function SerialVatModal({ actor, providerName }: { actor: SerialVatActor; providerName: string }) {
  const { t } = useTranslation(['einvoice', 'errors']);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const serials = useSelector(actor, (s) => s.context.serials);
  const serial = useSelector(actor, (s) => s.context.serial);
  const showErrors = useSelector(actor, (s) => s.context.showErrors);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);

  return (
    <Modal
      opened
      onClose={() => actor.send({ type: 'BACKDROP' })}
      title={t('setup.serial.title')}
      closeOnClickOutside={!loading && !busy}
      closeOnEscape={!loading && !busy}
      withCloseButton={!loading && !busy}
      closeButtonProps={{ 'aria-label': t('common:button.close') }}
      centered
    >
      {loading ? (
        <LoadingLine label={t('setup.serial.loading', { provider: providerName })} testId="einv-serial-loading" />
      ) : (
        <Stack gap="md">
          {serials.length === 0 ? (
            <Text size="sm">{t('setup.serial.noSerials', { provider: providerName })}</Text>
          ) : (
            <Select
              label={t('setup.serial.serial')}
              placeholder={t('setup.serial.serialPlaceholder')}
              // The serial written one way (D224): the symbol, with the kind of invoice (its template) in words.
              data={serials.map((s) => ({ value: s.value, label: `${serialText(s.value)} · ${s.invTypeName}` }))}
              value={serial?.value ?? null}
              onChange={(value) => value !== null && actor.send({ type: 'SERIAL.SELECT', value })}
              error={showErrors && serial === null ? t('setup.serial.serialRequired') : undefined}
              withAsterisk
              allowDeselect={false}
              maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
              comboboxProps={{ withinPortal: true }}
              disabled={busy}
              data-testid="einv-serial-select"
            />
          )}
          <Text size="sm" data-testid="einv-serial-vat">
            {serial?.isSalesInvoice ? t('setup.serial.salesInvoice') : t('setup.serial.vatPerItem')}
          </Text>
          {errorCode && (
            <Alert color="red" variant="light" role="alert">
              {t(errorMessageKey(errorCode))}
            </Alert>
          )}
          {serials.length > 0 && (
            <Text size="xs" c="dimmed">
              {t('setup.serial.hint')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button onClick={() => actor.send({ type: 'SUBMIT' })} loading={busy} disabled={serials.length === 0}>
              {t('setup.serial.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
