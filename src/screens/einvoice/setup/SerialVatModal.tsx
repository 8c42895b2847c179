import { Alert, Button, Group, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { serialVatMachine } from '../../../machines/einvoice/serialVat.machine';
import { VAT_OPTIONS, vatLocked } from '../../../machines/einvoice/setup/rules';
import { serialText } from '../../../machines/shared/rules/einvoiceCode';
import { errorMessageKey } from '../../../services/errors';
import type { VatRate } from '../../../services/shared/einvoice/types';
import { LoadingLine } from '../../shared/LoadingLine';
import { DROPDOWN_MAX_HEIGHT } from '../../shared/dropdown';
import '../styles';

export type SerialVatActor = ActorRefFrom<typeof serialVatMachine>;

/**
 * The serial and VAT modal (doc 2 §5): a series is required, a sales-invoice series shows VAT 0
 * locked. Closing it (backdrop, Escape) is the machine's BACKDROP: with series loaded it applies the
 * first one with its default VAT; the modal says so beforehand.
 */
export function SerialVatModal({ actor, providerName }: { actor: SerialVatActor; providerName: string }) {
  const { t } = useTranslation(['einvoice', 'errors']);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const serials = useSelector(actor, (s) => s.context.serials);
  const serial = useSelector(actor, (s) => s.context.serial);
  const vat = useSelector(actor, (s) => s.context.vat);
  const showErrors = useSelector(actor, (s) => s.context.showErrors);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const locked = vatLocked(serial);

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
          <Radio.Group
            label={t('setup.serial.vat')}
            value={String(vat)}
            onChange={(value) => actor.send({ type: 'VAT.SELECT', vat: Number(value) as VatRate })}
            description={locked ? t('setup.serial.vatLocked') : undefined}
          >
            <Group mt="xs">
              {VAT_OPTIONS.map((option) => (
                <Radio
                  key={option}
                  value={String(option)}
                  label={t('setup.serial.vatOption', { vat: option })}
                  disabled={busy || (locked && option !== 0)}
                />
              ))}
            </Group>
          </Radio.Group>
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
