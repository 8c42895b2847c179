import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  selectListLoading,
  selectSaving,
  selectStoreForm,
  storeFormValid,
  textProblem,
  type storeAddMachine,
} from '../../machines/stores/storeAdd.machine';
import { MIN_TAX_NO_LENGTH, MAX_TAX_NO_INPUT_LENGTH, taxNoLooksValid, taxNoProblem } from '../../machines/stores/rules/taxNo';
import { MAX_ADDRESS_LINE_LENGTH, MAX_STORE_NAME_LENGTH } from '../../services/stores/schemas';
import { errorMessageKey } from '../../services/errors';
import { AddressPickers } from '../shared/address/AddressPickers';

export type StoreAddActor = ActorRefFrom<typeof storeAddMachine>;

/**
 * /store/add (core §5 Store and Inputs): renders the storeAdd machine and sends what the person does.
 * The pickers are the shared address pickers (screens/shared/address). A field's problem shows once
 * Save was pressed (the tax code's also while it is typed); the check digit is a warning, never a block.
 */
export function StoreAddScreen({ actor, onBack }: { actor: StoreAddActor; onBack: () => void }) {
  const { t } = useTranslation(['stores', 'errors']);
  const c = useSelector(actor, selectStoreForm);
  const saving = useSelector(actor, selectSaving);
  const loading = useSelector(actor, selectListLoading, (a, b) => a.cities === b.cities && a.wards === b.wards);

  const show = c.showErrors;
  const nameProblem = textProblem(c.name, MAX_STORE_NAME_LENGTH);
  const lineProblem = textProblem(c.addressLine, MAX_ADDRESS_LINE_LENGTH);
  const taxProblem = taxNoProblem(c.taxNo);
  // The length rule speaks as soon as something is typed; "required" only after Save.
  const taxError =
    taxProblem === 'characters'
      ? t('errors.taxNoCharacters')
      : taxProblem === 'tooShort' && (show || c.taxNo.length > 0)
        ? t('errors.taxNoTooShort', { min: MIN_TAX_NO_LENGTH })
        : taxProblem === 'required' && show
          ? t('errors.taxNoRequired')
          : undefined;
  const taxWarning = taxProblem === null && !taxNoLooksValid(c.taxNo) ? t('add.taxNoChecksum') : null;

  return (
    <Stack gap="md" p="md" maw={640}>
      <Anchor component="button" type="button" onClick={onBack} size="sm" w="fit-content">
        {t('add.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('add.title')}
      </Title>
      {c.errorCode ? (
        <Alert color="red" variant="light" role="alert" title={t('add.failTitle')} data-testid="store-add-error">
          {t(errorMessageKey(c.errorCode))}
        </Alert>
      ) : null}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'SUBMIT' });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('add.name')}
            value={c.name}
            onChange={(e) => actor.send({ type: 'NAME.CHANGE', value: e.currentTarget.value })}
            required
            disabled={saving}
            autoComplete="organization"
            error={
              show && nameProblem === 'required'
                ? t('errors.nameRequired')
                : nameProblem === 'tooLong'
                  ? t('errors.nameTooLong', { max: MAX_STORE_NAME_LENGTH })
                  : undefined
            }
          />
          <TextInput
            label={t('add.taxNo')}
            value={c.taxNo}
            // core §5 Inputs: only digits and hyphens, typed or pasted (the machine keeps only those).
            onChange={(e) => actor.send({ type: 'TAX_NO.CHANGE', value: e.currentTarget.value })}
            inputMode="numeric"
            autoComplete="off"
            maxLength={MAX_TAX_NO_INPUT_LENGTH * 4}
            required
            disabled={saving}
            description={c.taxNoFiltered ? t('add.taxNoFiltered') : t('add.taxNoHint')}
            error={taxError}
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
            texts={{
              city: t('add.city'),
              ward: t('add.ward'),
              search: t('add.search'),
              noMatch: t('add.noMatch'),
              matches: (count) => t('add.matches', { count }),
              chooseCityFirst: t('add.chooseCityFirst'),
              cityRequired: t('errors.cityRequired'),
              wardRequired: t('errors.wardRequired'),
              citiesFailed: t('add.citiesFailed'),
              wardsFailed: t('add.wardsFailed'),
              retry: t('add.retry'),
              failure: (code) => t(errorMessageKey(code)),
            }}
          />
          <TextInput
            label={t('add.addressLine')}
            value={c.addressLine}
            onChange={(e) => actor.send({ type: 'ADDRESS_LINE.CHANGE', value: e.currentTarget.value })}
            required
            disabled={saving}
            autoComplete="street-address"
            description={t('add.addressLineHint')}
            error={
              show && lineProblem === 'required'
                ? t('errors.addressLineRequired')
                : lineProblem === 'tooLong'
                  ? t('errors.addressLineTooLong', { max: MAX_ADDRESS_LINE_LENGTH })
                  : undefined
            }
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
      </form>
    </Stack>
  );
}
