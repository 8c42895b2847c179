import { fromPromise } from 'xstate';
import { ssoLinkMachine } from '../../../machines/einvoice/ssoLink.machine';
import {
  authorizeUrl,
  openPopup,
  SSO_POPUP_HEIGHT,
  SSO_POPUP_WIDTH,
  type PopupHandle,
  type PopupOpener,
} from '../../../services/einvoice/sso/popup';
import type { ProviderRoute } from '../../../services/einvoice/core/types';
import { SSO_CONSENT_RETURN } from '../paths';

export interface SsoLinkDeps {
  /** The provider's API base (config `einvoice.providers[route]`). */
  providerBase(route: ProviderRoute): string;
  /** The product backend's SSO check (EinvoiceBackend.ssoCheck). */
  ssoCheck(route: ProviderRoute): Promise<boolean>;
  /** Tests replace window.open. */
  open?: PopupOpener;
}

/**
 * The `ssoLink` machine with its real actors, for the setup machine to invoke as its `ssoLink` child:
 * `setupMachine.provide({ actors: { ssoLink: provideSsoLink({...}) } })`. The popup opens while the
 * click that asked for it is still being handled (the invoke starts synchronously), which browsers
 * need to allow it.
 */
export function provideSsoLink(deps: SsoLinkDeps) {
  return ssoLinkMachine.provide({
    actors: {
      openPopup: fromPromise<PopupHandle | null, { provider: ProviderRoute; taxNo: string }>(async ({ input }) =>
        openPopup(
          authorizeUrl(deps.providerBase(input.provider), input.taxNo, SSO_CONSENT_RETURN),
          SSO_POPUP_WIDTH,
          SSO_POPUP_HEIGHT,
          deps.open,
        ),
      ),
      checkPopup: fromPromise<boolean, { popup: PopupHandle | null }>(async ({ input }) => input.popup?.closed() ?? true),
      checkLink: fromPromise<boolean, { provider: ProviderRoute }>(({ input }) => deps.ssoCheck(input.provider)),
    },
    actions: {
      closePopup: (_, params) => params.popup?.close(),
      focusPopup: (_, params) => params.popup?.focus(),
    },
  });
}
