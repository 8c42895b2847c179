import { Alert, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { BUSINESS_FIELDS, canLookUp, INDIVIDUAL_FIELDS, type BuyerField } from '../../../machines/orders/einvoice/buyer';
import { buyerFormKit } from '../../../machines/orders/einvoiceExport.machine';
import { errorMessageKey } from '../../../services/errors';
import { LoadingLine } from '../../shared/LoadingLine';
import { useFormFields, type TextFieldProps } from '../../shared/form/use-form-fields';
import type { EinvoiceExportActor } from './ExportDialog';
import './styles';
import { SubmitForm } from '../../shared/form/SubmitForm';

const FIELD_LABEL: Record<BuyerField, string> = {
  name: 'einvoice.name',
  idCard: 'einvoice.idCard',
  company: 'einvoice.company',
  taxCode: 'einvoice.taxCode',
  address: 'einvoice.address',
  email: 'einvoice.email',
  phone: 'einvoice.phone',
};

/**
 * The buyer form (doc 2 §5) through the form toolkit (D283): individual or business, its fields, the
 * export's refusal, export or cancel. A field's problem shows once it changed or after Export.
 */
export function ExportBuyerForm({ actor, close }: { actor: EinvoiceExportActor; close: () => void }) {
  const { t } = useTranslation(['orders', 'errors']);
  const state = useSelector(actor, (s) => s.context.form);
  const buyer = useFormFields(actor, state, buyerFormKit, {
    rule: (_, code) => t(`einvoice.problem.${code}`),
    service: (code) => t(errorMessageKey(code)),
  });
  const form = buyer.values;
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('exporting') || s.hasTag('saving'));
  const busyText = useSelector(actor, (s) => (s.hasTag('saving') ? 'einvoice.saving' : 'einvoice.exporting'));

  // doc 2 §5: a business's tax code first (its lookup fills the rest); D237: an individual's optional details.
  const fields: readonly BuyerField[] = form.isIndividual ? INDIVIDUAL_FIELDS : BUSINESS_FIELDS;

  return (
    <SubmitForm onSubmit={() => actor.send({ type: 'SUBMIT' })}>
      <Stack gap="sm">
        <Radio.Group
          label={t('einvoice.buyerKind')}
          value={form.isIndividual ? 'individual' : 'business'}
          onChange={(value) => actor.send({ type: 'BUYER.KIND', individual: value === 'individual' })}
        >
          <Group gap="md" mt={4}>
            <Radio value="individual" label={t('einvoice.individual')} disabled={busy} data-testid="einvoice-individual" />
            <Radio value="business" label={t('einvoice.business')} disabled={busy} data-testid="einvoice-business" />
          </Group>
        </Radio.Group>
        {fields.map((field) => (
          <BuyerFieldRow key={field} actor={actor} field={field} input={buyer.text(field)} busy={busy} />
        ))}
        {error !== null && !busy ? (
          <Alert color="red" variant="light" role="alert" title={t('einvoice.exportFailTitle')}>
            <Text size="sm">{t(errorMessageKey(error))}</Text>
          </Alert>
        ) : null}
        {busy ? <LoadingLine label={t(busyText)} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            {t('einvoice.cancel')}
          </Button>
          <Button type="submit" loading={busy} data-testid="einvoice-submit">
            {t('einvoice.submit')}
          </Button>
        </Group>
      </Stack>
    </SubmitForm>
  );
}

/**
 * One buyer field; the tax code's with its lookup (doc 2 §5), whose refusal is said under it. Value and
 * change only: leaving a field shows nothing new, and a refused Export leaves the focus where it was.
 */
function BuyerFieldRow({
  actor,
  field,
  input,
  busy,
}: {
  actor: EinvoiceExportActor;
  field: BuyerField;
  input: TextFieldProps;
  busy: boolean;
}) {
  const { t } = useTranslation(['orders', 'errors']);
  const form = useSelector(actor, (s) => s.context.form.values);
  const lookupError = useSelector(actor, (s) => s.context.lookupError);
  const lookingUp = useSelector(actor, (s) => s.hasTag('lookingUp'));
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        label={t(field === 'name' && !form.isIndividual ? 'einvoice.nameBusiness' : FIELD_LABEL[field])}
        description={
          field === 'taxCode' ? t('einvoice.taxCodeHint') : field === 'name' && form.isIndividual ? t('einvoice.nameHint') : undefined
        }
        required={!form.isIndividual && field !== 'email' && field !== 'phone'}
        value={input.value}
        inputMode={
          field === 'taxCode' || field === 'phone' ? 'tel' : field === 'idCard' ? 'numeric' : field === 'email' ? 'email' : undefined
        }
        error={
          input.error ??
          (field === 'taxCode' && lookupError !== null
            ? lookupError === 'EINV_COMPANY_NOT_FOUND'
              ? t('einvoice.lookupNotFound')
              : t(errorMessageKey(lookupError))
            : null)
        }
        disabled={busy}
        onChange={input.onChange}
        data-testid={`einvoice-${field}`}
      />
      {field === 'taxCode' ? (
        <Button
          mt={24}
          variant="default"
          aria-label={t('einvoice.lookupLabel')}
          disabled={!canLookUp(form) || busy}
          loading={lookingUp}
          onClick={() => actor.send({ type: 'LOOKUP' })}
          data-testid="einvoice-lookup"
        >
          {t('einvoice.lookup')}
        </Button>
      ) : null}
    </Group>
  );
}
