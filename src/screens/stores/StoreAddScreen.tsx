import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ActorRefFrom } from 'xstate';
import {
  selectListLoading,
  selectSaving,
  selectStoreForm,
  storeFormKit,
  storeFormValid,
  type storeAddMachine,
  type StoreTexts,
} from '../../machines/stores/storeAdd.machine';
import { MIN_TAX_NO_LENGTH, MAX_TAX_NO_INPUT_LENGTH, taxNoLooksValid, taxNoProblem } from '../../machines/stores/rules/taxNo';
import { MAX_ADDRESS_LINE_LENGTH, MAX_STORE_NAME_LENGTH } from '../../services/stores/schemas';
import { errorMessageKey } from '../../services/errors';
import { AddressPickers } from '../shared/address/AddressPickers';
import { useFormFields } from '../shared/form/use-form-fields';
import { SubmitForm } from '../shared/form/SubmitForm';

export type StoreAddActor = ActorRefFrom<typeof storeAddMachine>;

/**
 * /store/add (core §5 Store and Inputs): renders the storeAdd machine and sends what the person does.
 * The pickers are the shared address pickers (screens/shared/address). A field's problem shows once
 * Save was pressed (the tax code's also while it is typed); the check digit is a warning, never a block.
 */
/** Each field's words for each problem (stores:errors.*). */
const RULE_KEYS: Record<keyof StoreTexts, Partial<Record<string, string>>> = {
  name: { required: 'errors.nameRequired', tooLong: 'errors.nameTooLong' },
  taxNo: { required: 'errors.taxNoRequired', tooShort: 'errors.taxNoTooShort', characters: 'errors.taxNoCharacters' },
  addressLine: { required: 'errors.addressLineRequired', tooLong: 'errors.addressLineTooLong' },
};
const MAX: Record<keyof StoreTexts, number> = { name: MAX_STORE_NAME_LENGTH, taxNo: 0, addressLine: MAX_ADDRESS_LINE_LENGTH };

export function StoreAddScreen({ actor, onBack }: { actor: StoreAddActor; onBack: () => void }) {
  const { t } = useTranslation(['stores', 'errors']);
  const c = useSelector(actor, selectStoreForm);
  const saving = useSelector(actor, selectSaving);
  const loading = useSelector(actor, selectListLoading, (a, b) => a.cities === b.cities && a.wards === b.wards);
  const fields = useFormFields(actor, c.form, storeFormKit, {
    // Every code a field's rule answers has its words (RULE_KEYS); the code itself would only show a missing key.
    rule: (field, code) => t(RULE_KEYS[field][code] ?? code, { max: MAX[field], min: MIN_TAX_NO_LENGTH }),
    service: (code) => t(errorMessageKey(code)),
  });
  const show = c.form.showErrors;
  const taxNo = c.form.values.taxNo;
  const taxWarning = taxNoProblem(taxNo) === null && !taxNoLooksValid(taxNo) ? t('add.taxNoChecksum') : null;

  return (
    <Stack gap="md" p="md" maw={640}>
      <Anchor component="button" type="button" onClick={onBack} size="sm" w="fit-content">
        {t('add.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('add.title')}
      </Title>
      {c.form.saveError ? (
        <Alert color="red" variant="light" role="alert" title={t('add.failTitle')} data-testid="store-add-error">
          {t(errorMessageKey(c.form.saveError))}
        </Alert>
      ) : null}
      <SubmitForm onSubmit={() => actor.send({ type: 'SUBMIT' })}>
        <Stack gap="sm">
          <TextInput label={t('add.name')} {...fields.text('name')} required disabled={saving} autoComplete="organization" />
          <TextInput
            label={t('add.taxNo')}
            // core §5 Inputs: only digits and hyphens, typed or pasted (the machine keeps only those).
            {...fields.text('taxNo')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={MAX_TAX_NO_INPUT_LENGTH * 4}
            required
            disabled={saving}
            description={c.taxNoFiltered ? t('add.taxNoFiltered') : t('add.taxNoHint')}
          />
          {taxWarning ? (
            <Alert color="yellow" variant="light" data-testid="store-taxno-warning">
              <Text size="sm">{taxWarning}</Text>
            </Alert>
          ) : null}
          <TextInput label={t('add.country')} value={t('add.countryName')} readOnly required data-testid="store-country" />
          <AddressPickers
            cascade={c}
            loading={loading}
            send={(event) => actor.send(event)}
            parse={Number}
            required
            showErrors={show}
            disabled={saving}
            testIdPrefix="store"
            texts={pickerTexts(t)}
          />
          <TextInput
            label={t('add.addressLine')}
            {...fields.text('addressLine')}
            required
            disabled={saving}
            autoComplete="street-address"
            description={t('add.addressLineHint')}
          />
          <Group gap="sm" align="center">
            <Button type="submit" loading={saving}>
              {t('add.save')}
            </Button>
            {show && !saving && !storeFormValid(c) ? (
              <Text size="sm" c="red.9" role="status">
                {t('add.fixErrors')}
              </Text>
            ) : null}
          </Group>
        </Stack>
      </SubmitForm>
    </Stack>
  );
}

const pickerTexts = (t: TFunction<['stores', 'errors']>) => ({
  city: t('add.city'),
  ward: t('add.ward'),
  search: t('add.search'),
  noMatch: t('add.noMatch'),
  matches: (count: number) => t('add.matches', { count }),
  chooseCityFirst: t('add.chooseCityFirst'),
  cityRequired: t('errors.cityRequired'),
  wardRequired: t('errors.wardRequired'),
  citiesFailed: t('add.citiesFailed'),
  wardsFailed: t('add.wardsFailed'),
  retry: t('add.retry'),
  failure: (code: string) => t(errorMessageKey(code)),
});
