import { assign, fromPromise, setup } from 'xstate';
import type { Credentials, EinvoiceSettings, LoginMethod, ProviderRoute, SettingsSave } from '../../services/einvoice/core/types';
import { errorCode, notProvided } from '../../rules/serviceError';
import { serialVatMachine, type SerialVatOutput } from './serialVat.machine';
import { ssoLinkMachine, type SsoLinkOutput } from './ssoLink.machine';
import { credentialsValid, type CredentialField, type SetupProvider } from './setup/rules';

export interface EinvoiceSetupInput {
  providers: SetupProvider[];
  /** The `einv_term_shown` cookie is there (doc 2 §9). */
  termsAccepted: boolean;
  /** The merchant's own tax code (session tax_no): the tax code field's first value. */
  merchantTaxCode: string;
}

export type Declaration = 'approved' | 'pending' | 'unknown';

export interface EinvoiceSetupContext {
  providers: SetupProvider[];
  termsAccepted: boolean;
  merchantTaxCode: string;
  settings: EinvoiceSettings | null;
  provider: ProviderRoute | null;
  method: LoginMethod;
  values: Record<CredentialField, string>;
  /** Fields changed at least once: their problems show (validated on change, doc 2 §5). */
  touched: Record<CredentialField, boolean>;
  /** A save was tried: every problem shows. */
  showErrors: boolean;
  autoExport: boolean;
  printInvoice: boolean;
  /** The merchant account is linked with the chosen provider (SSO check or a link just made). */
  ssoLinked: boolean;
  declaration: Declaration | null;
  /** Why the last check, login, save, link or load failed; typed values stay. */
  errorCode: string | null;
}

export type EinvoiceSetupEvent =
  | { type: 'TERMS.AGREE' }
  | { type: 'TERMS.CLOSE' }
  | { type: 'RETRY' }
  | { type: 'PROVIDER.SELECT'; route: ProviderRoute }
  | { type: 'METHOD.SELECT'; method: LoginMethod }
  | { type: 'FIELD.CHANGE'; field: CredentialField; value: string }
  | { type: 'AUTO_EXPORT.TOGGLE'; value: boolean }
  | { type: 'PRINT_INVOICE.TOGGLE'; value: boolean }
  | { type: 'SSO.LINK' }
  | { type: 'SAVE' }
  | { type: 'SUCCESS.CLOSE' }
  | { type: 'CANCEL' }
  | { type: 'CANCEL.CONFIRM' }
  | { type: 'CANCEL.BACK' };

export const EMPTY_TOUCHED: Record<CredentialField, boolean> = { taxCode: false, username: false, password: false };

export function providerOf(context: EinvoiceSetupContext): SetupProvider | undefined {
  return context.providers.find((p) => p.route === context.provider);
}

/** The save body of the form as it stands (trimmed; no password with the merchant account). */
export function saveBody(context: EinvoiceSetupContext): SettingsSave {
  const base = {
    provider: context.provider as ProviderRoute,
    taxCode: context.values.taxCode.trim(),
    activeMethod: context.method,
    autoExport: context.autoExport,
    printInvoice: context.printInvoice,
  };
  return context.method === 'merchant_account'
    ? base
    : { ...base, username: context.values.username.trim(), password: context.values.password.trim() };
}

export function clearedForm(context: EinvoiceSetupContext): Partial<EinvoiceSetupContext> {
  return {
    settings: null,
    provider: null,
    method: 'einv_provider_account',
    values: { taxCode: context.merchantTaxCode, username: '', password: '' },
    touched: EMPTY_TOUCHED,
    showErrors: false,
    autoExport: false,
    printInvoice: false,
    ssoLinked: false,
    declaration: null,
  };
}

/** The e-invoice setup machine's setup: context, events, actors, actions, guards and delays (the flow is ./einvoiceSetup.machine.ts). */
export const einvoiceSetupParts = setup({
  types: {
    context: {} as EinvoiceSetupContext,
    events: {} as EinvoiceSetupEvent,
    input: {} as EinvoiceSetupInput,
    tags: {} as 'loading' | 'busy' | 'termsOpen' | 'readOnly' | 'successOpen' | 'serialOpen' | 'confirmOpen' | 'linking',
  },
  actors: {
    loadSettings: fromPromise<EinvoiceSettings | null, void>(async () => {
      throw notProvided('loadSettings');
    }),
    checkSso: fromPromise<boolean, { provider: ProviderRoute }>(async () => {
      throw notProvided('checkSso');
    }),
    checkTaxCode: fromPromise<void, { provider: ProviderRoute; taxCode: string }>(async () => {
      throw notProvided('checkTaxCode');
    }),
    login: fromPromise<void, { provider: ProviderRoute; credentials: Credentials }>(async () => {
      throw notProvided('login');
    }),
    saveSettings: fromPromise<EinvoiceSettings, SettingsSave>(async () => {
      throw notProvided('saveSettings');
    }),
    // `unlink`: the set-up used the merchant account, whose link the provider holds for it (D238).
    cancelSettings: fromPromise<void, { provider: ProviderRoute | null; unlink: boolean }>(async () => {
      throw notProvided('cancelSettings');
    }),
    loadDeclaration: fromPromise<'approved' | 'pending', { provider: ProviderRoute }>(async () => {
      throw notProvided('loadDeclaration');
    }),
    // sso's machine: the popup, its polling and the link check (CONTRACT15); its own actors come from the app.
    ssoLink: ssoLinkMachine,
    serialVat: serialVatMachine,
  },
  actions: {
    assignSettings: assign(({ context }, params: { settings: EinvoiceSettings | null }) => {
      const s = params.settings;
      if (!s) return { ...clearedForm(context), errorCode: null };
      return {
        settings: s,
        provider: s.provider,
        method: s.activeMethod,
        values: { taxCode: s.taxCode, username: s.username ?? '', password: '' },
        touched: EMPTY_TOUCHED,
        autoExport: s.autoExport,
        printInvoice: s.printInvoice,
        errorCode: null,
      };
    }),
    clearForm: assign(({ context }) => ({ ...clearedForm(context), errorCode: null })),
    selectProvider: assign(({ context }, params: { route: ProviderRoute }) => {
      const info = context.providers.find((p) => p.route === params.route);
      return {
        provider: params.route,
        method: info?.isSSO ? context.method : ('einv_provider_account' as LoginMethod),
        ssoLinked: false,
        errorCode: null,
      };
    }),
    selectMethod: assign((_, params: { method: LoginMethod }) => ({ method: params.method, ssoLinked: false, errorCode: null })),
    assignField: assign(({ context }, params: { field: CredentialField; value: string }) => ({
      values: { ...context.values, [params.field]: params.value },
      touched: { ...context.touched, [params.field]: true },
      errorCode: null,
    })),
    assignAutoExport: assign((_, params: { value: boolean }) => ({ autoExport: params.value })),
    assignPrintInvoice: assign((_, params: { value: boolean }) => ({ printInvoice: params.value })),
    assignLinked: assign((_, params: { linked: boolean }) => ({ ssoLinked: params.linked })),
    showErrors: assign({ showErrors: true }),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    assignDeclaration: assign((_, params: { declaration: Declaration }) => ({ declaration: params.declaration })),
    // Provided by the app: sets the `einv_term_shown` cookie for 365 days (doc 2 §9).
    rememberTerms: () => {},
    // Provided by the app: navigate to /dashboard (doc 2 §2: closing the terms without agreeing).
    leaveToDashboard: () => {},
    // Provided by the app: toasts (doc 2 §8).
    notifySaved: () => {},
    notifySaveFailed: (_, _params: { code: string }) => {},
    notifyCancelled: () => {},
    notifyCancelFailed: (_, _params: { code: string }) => {},
    notifySerialFailed: () => {},
  },
  guards: {
    termsAccepted: ({ context }) => context.termsAccepted,
    settingsActive: (_, params: { settings: EinvoiceSettings | null }) => params.settings?.active === true,
    providerChosen: ({ context }) => providerOf(context) !== undefined,
    isSsoMethod: ({ context }) => context.method === 'merchant_account' && providerOf(context)?.isSSO === true,
    methodAllowed: ({ context }, params: { method: LoginMethod }) =>
      params.method === 'einv_provider_account' || providerOf(context)?.isSSO === true,
    ssoProvider: (_, params: { route: ProviderRoute; providers: SetupProvider[] }) =>
      params.providers.find((p) => p.route === params.route)?.isSSO === true,
    credentialsValid: ({ context }) => credentialsValid(context.method, context.values),
    ssoLinked: ({ context }) => context.ssoLinked,
    linked: (_, params: { output: SsoLinkOutput }) => params.output.linked,
    needsSerial: ({ context }) => providerOf(context)?.showSerial === true,
    serialSaved: (_, params: { output: SerialVatOutput }) => params.output.status === 'saved',
  },
});
