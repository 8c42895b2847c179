import { Stack, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { serialVatMachine } from '../../../machines/einvoice/serialVat.machine';
import type { ssoLinkMachine } from '../../../machines/einvoice/ssoLink.machine';
import { errorMessageKey } from '../../../services/errors';
import type { ProviderInfo } from '../../../services/einvoice/core/types';
import { FailureAlert } from '../../shared/FailureAlert';
import { LoadingLine } from '../../shared/LoadingLine';
import { SsoLinkDialogs } from '../sso/SsoLinkDialogs';
import { SerialVatModal } from './SerialVatModal';
import { SetupCancelModal, SetupSuccessModal, SetupTermsModal, type TermsView } from './SetupDialogs';
import { SetupForm } from './SetupForm';
import type { EinvoiceSetupActor } from './setupTypes';
import '../styles';

export type { EinvoiceSetupActor } from './setupTypes';
export type { TermsView } from './SetupDialogs';

/**
 * /e-inv-setting (doc 2 §2): renders the einvoiceSetup machine and its children (ssoLink's dialogs,
 * the serial and VAT modal); every value lives in the machine, so a refusal loses nothing typed.
 */
export function EinvoiceSetupScreen({
  actor,
  providers,
  terms,
}: {
  actor: EinvoiceSetupActor;
  providers: readonly ProviderInfo[];
  terms: TermsView;
}) {
  const { t } = useTranslation(['einvoice', 'errors', 'common']);
  const c = useSelector(actor, (s) => s.context);
  const termsOpen = useSelector(actor, (s) => s.hasTag('termsOpen'));
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const readOnly = useSelector(actor, (s) => s.hasTag('readOnly'));
  const successOpen = useSelector(actor, (s) => s.hasTag('successOpen'));
  const confirmOpen = useSelector(actor, (s) => s.hasTag('confirmOpen'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const ssoChild = useSelector(actor, (s) => s.children.ssoLink as ActorRefFrom<typeof ssoLinkMachine> | undefined);
  const serialChild = useSelector(actor, (s) => s.children.serialVat as ActorRefFrom<typeof serialVatMachine> | undefined);

  const provider = providers.find((p) => p.route === c.provider) ?? null;
  const providerName = provider?.name ?? '';

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} size="h2">
        {t('setup.title')}
      </Title>

      {termsOpen && <SetupTermsModal actor={actor} terms={terms} />}

      {loading && <LoadingLine label={t('setup.loading')} />}
      {loadFailed && (
        <FailureAlert
          title={t('setup.loadFailed')}
          message={t(errorMessageKey(c.errorCode))}
          retryLabel={t('setup.retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
        />
      )}

      {!loading && !loadFailed && !termsOpen && (
        <SetupForm actor={actor} c={c} readOnly={readOnly} busy={busy} providers={providers} provider={provider} />
      )}

      {successOpen && <SetupSuccessModal actor={actor} showSerial={provider?.showSerial} providerName={providerName} />}

      {confirmOpen && <SetupCancelModal actor={actor} c={c} providerName={providerName} />}

      {ssoChild && <SsoLinkDialogs actor={ssoChild} />}
      {serialChild && <SerialVatModal actor={serialChild} providerName={providerName} />}
    </Stack>
  );
}
