import { useEffect, useMemo, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { einvoiceSetupMachine } from '../../../machines/einvoice/einvoiceSetup.machine';
import { serialVatMachine } from '../../../machines/einvoice/serialVat.machine';
import { EinvoiceSetupScreen, type TermsView } from '../../../screens/einvoice/setup/EinvoiceSetupScreen';
import { createSerialVatActors, createSetupActors, loadTermsPdf, rememberTermsShown, termsShown } from '../../../services/einvoice/setup';
import { PROVIDER_ROUTES, providerInfo } from '../../../services/einvoice/core';
import { useSessionSelector } from '../../shared/session-context';
import { notify } from '../../shared/notify';
import { useAreaActors, useRuntime } from '../../shared/composition';
import { provideSsoLink } from '../sso/sso-link';
import { einvoiceOf } from '../services';

const PROVIDERS = PROVIDER_ROUTES.map(providerInfo);

/** Save refusals the user can act on keep their own text; anything else is a system failure (doc 2 §8). */
const SAYABLE_SAVE_CODES = new Set([
  'EINV_LOGIN_FAIL',
  'EINV_TAX_CODE_INVALID',
  'EINV_SSO_NOT_LINKED',
  'EINV_SERIAL_INVALID',
  'NETWORK_ERROR',
  'TIMEOUT',
]);

/**
 * /e-inv-setting (doc 2 §2), owner only (D87, the area entry): the einvoiceSetup machine on the shared
 * e-invoice services, sso's link machine as its `ssoLink` child, the terms PDF shown from a blob: URL
 * (D193) and the toasts of doc 2 §8.
 */
export default function EinvoiceSetupRoute() {
  const { config, inspect } = useRuntime();
  const einvoice = useAreaActors(einvoiceOf);
  const navigate = useNavigate();
  const merchantTaxCode = useSessionSelector((s) => s.context.profile?.merchant.tax_no ?? '');
  const [termsAccepted] = useState(() => termsShown());

  const machine = useMemo(() => {
    const services = einvoice.services();
    return einvoiceSetupMachine.provide({
      actors: {
        ...createSetupActors({
          ...services,
          backend: {
            ...services.backend,
            cancelSettings: async () => {
              await services.backend.cancelSettings();
              // The provider's tokens belong to the set-up that was just cleared.
              services.resetTokens();
            },
          },
        }),
        ssoLink: provideSsoLink({
          providerBase: (route) => config.einvoice.providers[route],
          ssoCheck: (route) => services.backend.ssoCheck(route),
        }),
        serialVat: serialVatMachine.provide({
          actors: createSerialVatActors(services),
          actions: {
            notifySaved: () => notify.success({ title: 'einvoice:setup.toast.serialSavedTitle' }),
            notifySaveFailed: (_, p) => notify.failure('einvoice:setup.toast.serialSaveFailedTitle', p.code),
          },
        }),
      },
      actions: {
        rememberTerms: () => rememberTermsShown(),
        leaveToDashboard: () => navigate('/dashboard'),
        notifySaved: () => notify.success({ title: 'einvoice:setup.toast.savedTitle' }),
        notifySaveFailed: (_, p) =>
          notify.failure('einvoice:setup.toast.saveFailedTitle', SAYABLE_SAVE_CODES.has(p.code) ? p.code : 'SYSTEM_FAIL'),
        notifyCancelled: () => notify.success({ title: 'einvoice:setup.toast.cancelledTitle' }),
        notifyCancelFailed: (_, p) => notify.failure('einvoice:setup.toast.cancelFailedTitle', p.code),
        notifySerialFailed: () => notify.failureText({ title: 'einvoice:setup.toast.serialFailedTitle', message: 'common:system_fail' }),
      },
    });
  }, [config, navigate, einvoice]);

  const actor = useActorRef(machine, {
    input: {
      providers: PROVIDERS.map((p) => ({ route: p.route, isSSO: p.isSSO, showSerial: p.showSerial })),
      termsAccepted,
      merchantTaxCode,
    },
    inspect,
  });

  const terms = useTermsPdf(config.einvoice.termsUrl, !termsAccepted);
  return <EinvoiceSetupScreen actor={actor} providers={PROVIDERS} terms={terms} />;
}

/** The terms PDF as a blob: URL while the modal may need it; released when the page goes. */
function useTermsPdf(href: string, needed: boolean): TermsView {
  const [view, setView] = useState<TermsView>({ pdfUrl: null, failed: false, href });
  useEffect(() => {
    if (!needed) return;
    const controller = new AbortController();
    let url: string | null = null;
    loadTermsPdf(href, controller.signal).then(
      (loaded) => {
        url = loaded;
        setView({ pdfUrl: loaded, failed: false, href });
      },
      () => {
        if (!controller.signal.aborted) setView({ pdfUrl: null, failed: true, href });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [href, needed]);
  return view;
}
