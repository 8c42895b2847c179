import { FailureAlert } from '../shared/FailureAlert';
import { LoadingLine } from '../shared/LoadingLine';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { shopQrAddMachine } from '../../machines/shopqr/shopQrAdd.machine';
import type { StoreOption } from '../shared/table/StoreFilter';
import { ShopQrAddFields, useShopQrFields } from './ShopQrAddFields';
import { serviceMessage } from './labels';
import classes from './shopqr.module.css';
import { SubmitForm } from '../shared/form/SubmitForm';

export type ShopQrAddActor = ActorRefFrom<typeof shopQrAddMachine>;

/** Failures where the request may have gone through: the user is told a resend cannot duplicate. */
const UNCLEAR_OUTCOME = new Set(['NETWORK_ERROR', 'TIMEOUT', 'INVALID_RESPONSE', 'UNKNOWN_ERROR']);

/**
 * /payment/add (core §5 ShopQR add). Renders the machine's form; every value stays in the machine,
 * so a server refusal (or switching type and back) loses nothing typed.
 */
export function ShopQrAddScreen({
  actor,
  stores,
  storesLoading,
  bankHref,
}: {
  actor: ShopQrAddActor;
  stores: readonly StoreOption[];
  storesLoading: boolean;
  /** Where a verified bank account is linked (the route passes the bank area's address). */
  bankHref: string;
}) {
  const { t } = useTranslation(['shopqr', 'errors']);
  const optionsError = useSelector(actor, (s) => s.context.optionsError);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.matches('optionsFailed'));
  const needsBank = useSelector(actor, (s) => s.matches('needsBankAccount'));
  const fields = useShopQrFields(actor, t);

  return (
    <Stack gap="md" p="md" maw={640}>
      <Title order={1} size="h2">
        {t('form.title')}
      </Title>
      {loading ? <LoadingLine label={t('form.loading')} /> : null}
      {failed ? (
        <FailureAlert
          title={t('form.optionsFailed')}
          message={serviceMessage(t, optionsError ? { code: optionsError } : null)}
          retryLabel={t('retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
          back={{ label: t('form.back'), onClick: () => actor.send({ type: 'CANCEL' }) }}
        />
      ) : null}
      {needsBank ? <NeedsBankAlert t={t} bankHref={bankHref} onBack={() => actor.send({ type: 'CANCEL' })} /> : null}
      {!loading && !failed && !needsBank ? (
        <SubmitForm aria-label={t('form.title')} onSubmit={() => actor.send({ type: 'SUBMIT' })}>
          <Stack gap="md">
            <ShopQrAddFields actor={actor} t={t} busy={busy} fields={fields} stores={stores} storesLoading={storesLoading} />
            <ShopQrAddActions actor={actor} t={t} busy={busy} />
          </Stack>
        </SubmitForm>
      ) : null}
    </Stack>
  );
}

/** No verified account to receive into: where to link one, or back to the list. */
function NeedsBankAlert({ t, bankHref, onBack }: { t: TFunction; bankHref: string; onBack: () => void }) {
  return (
    <Alert color="yellow" variant="light" role="alert">
      <Stack gap="xs">
        <Text size="sm">{t('form.needsBank')}</Text>
        <Group>
          <Button component={Link} to={bankHref} size="xs">
            {t('form.goToBank')}
          </Button>
          <Button variant="default" size="xs" onClick={onBack}>
            {t('form.back')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The send failure (what happened, and whether a resend is safe) and the cancel and send buttons. */
function ShopQrAddActions({ actor, t, busy }: { actor: ShopQrAddActor; t: TFunction; busy: boolean }) {
  const submitError = useSelector(actor, (s) => s.context.submitError);
  return (
    <>
      {submitError ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={t('form.failedTitle')}
          className={classes.formError}
          data-testid="shopqr-submit-error"
        >
          <Text size="sm" c="red.9">
            {serviceMessage(t, submitError)}
          </Text>
          <Text size="sm" mt={4}>
            {t(UNCLEAR_OUTCOME.has(submitError.code) ? 'form.retryHint' : 'form.failedHint')}
          </Text>
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => actor.send({ type: 'CANCEL' })} disabled={busy}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={busy} disabled={busy}>
          {t('form.submit')}
        </Button>
      </Group>
    </>
  );
}
