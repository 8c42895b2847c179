import { Alert, Anchor, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { SubMerchantProblem } from '../../machines/merchants/rules/subMerchant';
import { selectFieldProblems, type subMerchantNewMachine } from '../../machines/merchants/subMerchantNew.machine';
import { errorMessageKey } from '../../services/errors';
import { NEW_SUB_MERCHANT_FIELDS, type SubMerchantField } from '../../services/merchants/schemas';
import { SubmitForm } from '../shared/form/SubmitForm';

export type SubMerchantNewActor = ActorRefFrom<typeof subMerchantNewMachine>;

const INPUT_MODE: Partial<Record<SubMerchantField, 'numeric' | 'tel'>> = { tax_no: 'numeric', phone: 'tel' };
const AUTOCOMPLETE: Record<SubMerchantField, string> = { name: 'organization', tax_no: 'off', address: 'street-address', phone: 'tel' };

/**
 * /master-merchant/new (D101): name, tax number, address and phone. Each rule's message shows under
 * its field once the field was left or the person tried to send; a refusal shows the catalogue's
 * message (TAX_NO_IS_EXST under the tax number) and keeps everything typed.
 */
export function SubMerchantNewScreen({ actor, onBack }: { actor: SubMerchantNewActor; onBack: () => void }) {
  const { t } = useTranslation(['merchants', 'errors']);
  const values = useSelector(actor, (s) => s.context.values);
  const problems = useSelector(actor, selectFieldProblems);
  const code = useSelector(actor, (s) => s.context.errorCode);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const taxNoTaken = code === 'TAX_NO_IS_EXST';

  const problemText = (field: SubMerchantField, problem: SubMerchantProblem | undefined) =>
    problem ? t(`form.problem.${problem}`, { field: t(`form.field.${field}`) }) : undefined;

  return (
    <Stack gap="md" p="md" maw={640}>
      <Anchor component="button" type="button" onClick={onBack} size="sm" w="fit-content">
        {t('form.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('form.title')}
      </Title>
      {code && !taxNoTaken ? (
        <Alert color="red" variant="light" role="alert" title={t('form.failTitle')} data-testid="sub-merchant-error">
          {t(errorMessageKey(code))}
        </Alert>
      ) : null}
      <SubmitForm onSubmit={() => actor.send({ type: 'SUBMIT' })}>
        <Stack gap="sm">
          {NEW_SUB_MERCHANT_FIELDS.map((field) => (
            <TextInput
              key={field}
              name={field}
              label={t(`form.field.${field}`)}
              description={t(`form.hint.${field}`)}
              required
              value={values[field]}
              inputMode={INPUT_MODE[field]}
              autoComplete={AUTOCOMPLETE[field]}
              error={field === 'tax_no' && taxNoTaken ? t(errorMessageKey(code)) : problemText(field, problems[field])}
              onChange={(e) => actor.send({ type: 'FIELD.CHANGE', field, value: e.currentTarget.value })}
              onBlur={() => actor.send({ type: 'FIELD.BLUR', field })}
              disabled={busy}
            />
          ))}
          <Group>
            <Button type="submit" loading={busy}>
              {t('form.submit')}
            </Button>
            <Button variant="default" onClick={onBack} disabled={busy}>
              {t('form.cancel')}
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </Stack>
  );
}
