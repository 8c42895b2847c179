import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { ssoConsentMachine, type SsoConsentInput, type SsoConsentRequest } from '../../../machines/einvoice/ssoConsent.machine';
import { SsoConsentScreen } from '../../../screens/einvoice/sso/SsoConsentScreen';
import { LoadingScreen } from '../../../screens/shared/LoadingScreen';
import { NotFound } from '../../../screens/shared/NotFound';
import { isProviderRoute, providerInfo } from '../../../services/einvoice/core/registry';
import { useOwner } from '../../shared/owner';
import { useAreaActors, useRuntime } from '../../shared/composition';
import type { Runtime } from '../../shared/runtime';
import { einvoiceOf } from '../services';
import { selectSignedIn, useSessionSelector } from '../../shared/session-context';
import { einvoiceBackend } from './backend';

/** A tax code as the providers write it: 10 digits with an optional branch, or a 12-digit personal code. */
const TAX_NO = /^(\d{10}(-\d{3})?|\d{12})$/;

/** The request the address carries, or null when it names no SSO provider or no well-formed tax code. */
export function consentRequest(params: URLSearchParams): SsoConsentRequest | null {
  const provider = params.get('provider')?.trim().toLowerCase() ?? '';
  const taxNo = params.get('tax_no')?.trim() ?? '';
  if (!isProviderRoute(provider) || !providerInfo(provider).isSSO || !TAX_NO.test(taxNo)) return null;
  return { provider, taxNo };
}

/**
 * /login-merchant-account (doc 2 §2, no chrome; flag `einvoice`): the page the provider's authorize step
 * sends the popup to. The popup is opened by the signed-in portal on the same origin and shares its
 * session (local storage, or the session storage a popup copies from its opener), so the link is made
 * with the owner's own session; a window without one says so (D199).
 */
export default function ConsentRoute() {
  const { config, inspect } = useRuntime();
  const [params] = useSearchParams();
  const signedIn = useSessionSelector(selectSignedIn);
  const owner = useOwner();
  if (!config.features.einvoice) return <NotFound signedIn={signedIn} />;
  if (signedIn && owner === null) return <LoadingScreen />;
  return <Consent input={{ request: consentRequest(params), signedIn, owner: owner === true }} inspect={inspect} />;
}

function Consent({ input, inspect }: { input: SsoConsentInput; inspect: Runtime['inspect'] }) {
  const einvoice = useAreaActors(einvoiceOf);
  const machine = useMemo(
    () =>
      ssoConsentMachine.provide({
        actors: {
          signIn: fromPromise<void, SsoConsentRequest>(({ input: request, signal }) =>
            einvoiceBackend(einvoice).ssoSignIn(request.provider, request.taxNo, signal),
          ),
        },
        actions: {
          // Allowed for a window a script opened (the portal's popup); otherwise the page says it can be closed.
          closeWindow: () => window.close(),
        },
      }),
    [einvoice],
  );
  const actor = useActorRef(machine, { input, inspect });
  return <SsoConsentScreen actor={actor} />;
}
