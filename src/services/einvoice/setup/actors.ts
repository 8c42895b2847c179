import { fromPromise } from 'xstate';
import { vnToday } from '../../../rules/vnTime';
import type { Credentials, EinvoiceSettings, ProviderAdapter, ProviderRoute, ProviderToken, Serial, SettingsSave } from '../core/types';

/**
 * What the setup needs of the shared e-invoice services (src/services/einvoice/core/index.ts,
 * CONTRACT15 `createEinvoiceServices`), written as the slice it uses so the tests can hand in fakes.
 */
export interface SetupServices {
  backend: {
    getSettings(): Promise<EinvoiceSettings | null>;
    saveSettings(body: SettingsSave): Promise<EinvoiceSettings>;
    cancelSettings(): Promise<void>;
    ssoCheck(route: ProviderRoute): Promise<boolean>;
    ssoSignOut(route: ProviderRoute): Promise<void>;
  };
  tokens: { seed(route: ProviderRoute, token: ProviderToken): void };
  adapter(route: ProviderRoute): ProviderAdapter;
  /** Runs `fn` with the provider's token; on EINV_TOKEN_EXPIRED gets a new one and runs it once more. */
  withToken<T>(route: ProviderRoute, fn: (token: string) => Promise<T>): Promise<T>;
}

/** doc 2 §4, §9: declarations from 1 January of this year (Vietnam calendar) to today. */
export function declarationRange(nowMs: number): { from: string; to: string } {
  const to = vnToday(nowMs);
  return { from: `${to.slice(0, 4)}-01-01`, to };
}

/** The einvoiceSetup and serialVat machines' actors, for `machine.provide({ actors })` in src/app. */
export function createSetupActors(services: SetupServices, now: () => number = Date.now) {
  return {
    loadSettings: fromPromise<EinvoiceSettings | null, void>(() => services.backend.getSettings()),
    checkSso: fromPromise<boolean, { provider: ProviderRoute }>(({ input }) => services.backend.ssoCheck(input.provider)),
    checkTaxCode: fromPromise<void, { provider: ProviderRoute; taxCode: string }>(({ input, signal }) =>
      services.adapter(input.provider).checkTaxCode(input.taxCode, signal),
    ),
    // The token of this login is kept (in memory only) so the declaration and serials that follow need no second login.
    login: fromPromise<void, { provider: ProviderRoute; credentials: Credentials }>(async ({ input, signal }) => {
      const token = await services.adapter(input.provider).login(input.credentials, signal);
      services.tokens.seed(input.provider, token);
    }),
    saveSettings: fromPromise<EinvoiceSettings, SettingsSave>(({ input }) => services.backend.saveSettings(input)),
    // The settings first: a failure there leaves everything as it was. Then the merchant account's
    // link (D238), which only the cleared set-up used.
    cancelSettings: fromPromise<void, { provider: ProviderRoute | null; unlink: boolean }>(async ({ input }) => {
      await services.backend.cancelSettings();
      if (input.unlink && input.provider) await services.backend.ssoSignOut(input.provider);
    }),
    loadDeclaration: fromPromise<'approved' | 'pending', { provider: ProviderRoute }>(async ({ input, signal }) => {
      const status = await services.withToken(input.provider, (token) =>
        services.adapter(input.provider).declarationStatus(token, declarationRange(now()), signal),
      );
      return status.approved ? 'approved' : 'pending';
    }),
  };
}

/** The serialVat machine's actors; its 40 s time-out stops loadSerials through the actor's signal. */
export function createSerialVatActors(services: SetupServices) {
  return {
    loadSerials: fromPromise<Serial[], { provider: ProviderRoute }>(({ input, signal }) =>
      services.withToken(input.provider, (token) => services.adapter(input.provider).listSerials(token, signal)),
    ),
    saveSerial: fromPromise<EinvoiceSettings, SettingsSave>(({ input }) => services.backend.saveSettings(input)),
  };
}

export type SetupActors = ReturnType<typeof createSetupActors>;
