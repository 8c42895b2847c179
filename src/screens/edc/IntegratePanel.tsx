import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { EdcDevice } from '../../services/edc/schemas';
import { errorMessageKey } from '../../services/errors';
import { DROPDOWN_MAX_HEIGHT } from '../shared/dropdown';
import { FailureAlert } from '../shared/FailureAlert';
import type { EdcListActor, IntegrateActor } from './actors';
import { SubmitForm } from '../shared/form/SubmitForm';

/**
 * core §2 integrate-to-ShopQR: shows the current ShopQR; "integrate" asks the list machine for the
 * chooser (its `integrate` child), which closes by itself once the integration went through.
 */
export function IntegratePanel({ device, actor, canManage = true }: { device: EdcDevice; actor: EdcListActor; canManage?: boolean }) {
  const { t } = useTranslation('edc');
  const chooser = useSelector(actor, (s) => s.children.integrate as IntegrateActor | undefined);
  return (
    <Stack gap="xs" component="section" aria-labelledby="edc-integrate-title">
      <Title order={3} size="h4" id="edc-integrate-title">
        {t('integrate.title')}
      </Title>
      <Text size="sm" data-testid="integrated-va">
        {device.va_account_no ? t('integrate.current', { va: device.va_account_no }) : t('integrate.none')}
      </Text>
      {chooser ? (
        <IntegrateChooser actor={chooser} onCancel={() => actor.send({ type: 'INTEGRATE.CANCEL' })} />
      ) : canManage ? (
        <Group>
          <Button variant="light" onClick={() => actor.send({ type: 'INTEGRATE.START' })}>
            {device.va_account_no ? t('integrate.change') : t('integrate.start')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function IntegrateChooser({ actor, onCancel }: { actor: IntegrateActor; onCancel: () => void }) {
  const { t } = useTranslation(['edc', 'errors', 'common']);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const vasFailed = useSelector(actor, (s) => s.hasTag('vasFailed'));
  const noVas = useSelector(actor, (s) => s.hasTag('noVas'));
  const choosing = useSelector(actor, (s) => s.hasTag('choosing'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const vas = useSelector(actor, (s) => s.context.vas);
  const chosen = useSelector(actor, (s) => s.context.chosenVa);
  const refused = useSelector(actor, (s) => s.context.refused);
  const code = useSelector(actor, (s) => s.context.errorCode);
  const errorText = t(errorMessageKey(code ?? 'UNKNOWN_ERROR'));

  if (loading) return <Text role="status">{t('integrate.loading')}</Text>;
  if (vasFailed) {
    return (
      <FailureAlert
        title={t('integrate.loadFailed')}
        message={errorText}
        retryLabel={t('integrate.retry')}
        onRetry={() => actor.send({ type: 'RETRY' })}
      />
    );
  }
  if (noVas) return <Text role="status">{t('integrate.noVas')}</Text>;

  const options = vas.map((va) => {
    const label = t('integrate.option', { va: va.va_account_no, type: va.va_type, store: va.store_name ?? va.staff_id ?? '' });
    const isRefused = refused.includes(va.va_account_no);
    return { value: va.va_account_no, label: isRefused ? t('integrate.refusedOption', { label }) : label, disabled: isRefused };
  });
  return (
    <SubmitForm onSubmit={() => actor.send(failed ? { type: 'RETRY' } : { type: 'SUBMIT' })}>
      <Stack gap="sm">
        {/* core §9: a merchant may have many ShopQRs; searchable, at most 216 px high. */}
        <Select
          label={t('integrate.select')}
          placeholder={t('integrate.placeholder')}
          value={chosen}
          data={options}
          onChange={(value) => value !== null && actor.send({ type: 'VA.CHOOSE', vaAccountNo: value })}
          searchable
          allowDeselect={false}
          maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
          comboboxProps={{ withinPortal: true }}
          disabled={busy}
          data-testid="edc-integrate-select"
        />
        {choosing && code === 'LINK_EDC_VA_FAIL' ? (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm" c="red.9">
              {t('integrate.chooseAnother')}
            </Text>
          </Alert>
        ) : null}
        {failed ? (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm" c="red.9">
              {errorText}
            </Text>
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button type="submit" loading={busy} disabled={chosen === null}>
            {failed ? t('integrate.retry') : t('integrate.submit')}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('integrate.cancel')}
          </Button>
        </Group>
      </Stack>
    </SubmitForm>
  );
}
