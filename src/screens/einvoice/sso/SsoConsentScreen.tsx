import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  selectConsentAsking,
  selectConsentBusy,
  selectConsentClosing,
  selectConsentErrorCode,
  selectConsentFailed,
  selectConsentInvalid,
  selectConsentNotOwner,
  selectConsentOutcome,
  selectConsentRequest,
  selectConsentSignedOut,
  type ssoConsentMachine,
} from '../../../machines/einvoice/ssoConsent.machine';
import { errorMessageKey } from '../../../services/errors';
import { providerName } from './providerNames';
import '../styles';

export type SsoConsentActor = ActorRefFrom<typeof ssoConsentMachine>;

/**
 * /login-merchant-account (doc 2 §2): the provider asks to connect to the merchant account; the owner
 * allows or refuses. Sized for the 460×600 popup, no chrome. Every dead end says what to do.
 */
export function SsoConsentScreen({ actor }: { actor: SsoConsentActor }) {
  const { t } = useTranslation(['einvoice', 'errors']);
  const request = useSelector(actor, selectConsentRequest);
  const asking = useSelector(actor, selectConsentAsking);
  const busy = useSelector(actor, selectConsentBusy);
  const failed = useSelector(actor, selectConsentFailed);
  const invalid = useSelector(actor, selectConsentInvalid);
  const signedOut = useSelector(actor, selectConsentSignedOut);
  const notOwner = useSelector(actor, selectConsentNotOwner);
  const closing = useSelector(actor, selectConsentClosing);
  const outcome = useSelector(actor, selectConsentOutcome);
  const code = useSelector(actor, selectConsentErrorCode);
  const provider = request ? providerName(request.provider) : '';

  const close = (
    <Group justify="flex-end">
      <Button onClick={() => actor.send({ type: 'CLOSE' })}>{t('sso.consent.close')}</Button>
    </Group>
  );

  return (
    <Stack align="center" justify="center" mih="100vh" p="md">
      <Card withBorder shadow="sm" padding="lg" radius="md" w="100%" maw={420}>
        <Stack gap="md">
          <Title order={1} size="h3">
            {t('sso.consent.title')}
          </Title>
          {asking ? <ConsentRequest actor={actor} provider={provider} taxNo={request?.taxNo} busy={busy} /> : null}
          {failed ? (
            <>
              <Alert color="red" title={t('sso.consent.failedTitle')} role="alert">
                {t(errorMessageKey(code))}
              </Alert>
              {close}
            </>
          ) : null}
          {invalid ? (
            <>
              <Alert color="orange" role="alert">
                {t('sso.consent.invalid')}
              </Alert>
              {close}
            </>
          ) : null}
          {signedOut ? (
            <>
              <Alert color="orange" role="alert">
                {t('sso.consent.signedOut')}
              </Alert>
              {close}
            </>
          ) : null}
          {notOwner ? (
            <>
              <Alert color="orange" role="alert">
                {t('sso.consent.notOwner')}
              </Alert>
              {close}
            </>
          ) : null}
          {closing ? (
            <Text role="status">
              {outcome === 'allowed'
                ? t('sso.consent.allowedDone')
                : outcome === 'refused'
                  ? t('sso.consent.refusedDone')
                  : t('sso.consent.closeNow')}
            </Text>
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
}

/** The question: who asks, for which tax code, and allow or refuse. */
function ConsentRequest({
  actor,
  provider,
  taxNo,
  busy,
}: {
  actor: SsoConsentActor;
  provider: string;
  taxNo: string | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation(['einvoice', 'errors']);
  return (
    <>
      <Text>{t('sso.consent.body', { provider })}</Text>
      <dl style={{ margin: 0 }}>
        <Group gap="xs" wrap="nowrap">
          <Text component="dt" fw={600} size="sm">
            {t('sso.consent.provider')}
          </Text>
          <Text component="dd" size="sm" m={0} data-testid="consent-provider">
            {provider}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Text component="dt" fw={600} size="sm">
            {t('sso.consent.taxCode')}
          </Text>
          <Text component="dd" size="sm" m={0} data-testid="consent-tax-code">
            {taxNo}
          </Text>
        </Group>
      </dl>
      <Text size="sm" c="dimmed">
        {t('sso.consent.note')}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" disabled={busy} onClick={() => actor.send({ type: 'REFUSE' })}>
          {t('sso.consent.refuse')}
        </Button>
        <Button loading={busy} onClick={() => actor.send({ type: 'ALLOW' })}>
          {t('sso.consent.allow')}
        </Button>
      </Group>
    </>
  );
}

export default SsoConsentScreen;
