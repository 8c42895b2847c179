import { assign, fromPromise, setup } from 'xstate';
import type { Credentials, EinvoiceSettings, LoginMethod, ProviderRoute, SettingsSave } from '../../services/einvoice/core/types';
import { errorCode, notProvided } from '../../rules/serviceError';
import { serialVatMachine, type SerialVatOutput } from './serialVat.machine';
import { ssoLinkMachine, type SsoLinkOutput } from './ssoLink.machine';
import { defineForm, type FormFieldEvent, type FormKit, type FormState } from '../shared/form/form';
import { credentialProblem, fieldsFor, type CredentialField, type CredentialProblem, type SetupProvider } from './setup/rules';

export interface EinvoiceSetupInput {
  providers: SetupProvider[];
  /** The `einv_term_shown` cookie is there (doc 2 §9). */
  termsAccepted: boolean;
  /** The merchant's own tax code (session tax_no): the tax code field's first value. */
  merchantTaxCode: string;
}

export type Declaration = 'approved' | 'pending' | 'unknown';

/** The setup form's values: the credentials and the two options (doc 2 §5). */
export interface SetupValues {
  taxCode: string;
  username: string;
  password: string;
  autoExport: boolean;
  printInvoice: boolean;
}

export type SetupForm = FormState<SetupValues, CredentialField>;
type SetupKit = FormKit<SetupValues, CredentialField, NonNullable<CredentialProblem>>;

/**
 * The form kit of a login method (D283, D284: the rule reads the method, which is not a value): the
 * merchant account asks for the tax code only. A field's problem shows once it was changed (doc 2 §5:
 * validated on change; the machine marks a changed credential as touched) or after a refused save.
 */
const kitOf = (method: LoginMethod): SetupKit =>
  defineForm<SetupValues, CredentialField, NonNullable<CredentialProblem>>({
    fields: fieldsFor(method),
    validate: (values) => {
      const found: Partial<Record<CredentialField, NonNullable<CredentialProblem>>> = {};
      for (const field of fieldsFor(method)) {
        const problem = credentialProblem(field, values[field]);
        if (problem !== null) found[field] = problem;
      }
      return found;
    },
    showOnBlur: true,
  });
const KITS: Record<LoginMethod, SetupKit> = {
  einv_provider_account: kitOf('einv_provider_account'),
  merchant_account: kitOf('merchant_account'),
};

export const setupFormKit = (method: LoginMethod): SetupKit => KITS[method];

const CREDENTIALS: readonly string[] = ['taxCode', 'username', 'password'];
const isCredential = (field: string): field is CredentialField => CREDENTIALS.includes(field);

export interface EinvoiceSetupContext {
  providers: SetupProvider[];
  termsAccepted: boolean;
  merchantTaxCode: string;
  settings: EinvoiceSettings | null;
  provider: ProviderRoute | null;
  method: LoginMethod;
  /**
   * The credentials and options (D283); a credential changed at least once is `touched` and shows its
   * problem, a refused save shows every one (`showErrors`). The failures' reason is `errorCode`.
   */
  form: SetupForm;
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
  | FormFieldEvent<SetupValues>
  | { type: 'SSO.LINK' }
  | { type: 'SAVE' }
  | { type: 'SUCCESS.CLOSE' }
  | { type: 'CANCEL' }
  | { type: 'CANCEL.CONFIRM' }
  | { type: 'CANCEL.BACK' };

/** The form before anything is loaded or typed: the merchant's own tax code first. */
export const emptySetupForm = (merchantTaxCode: string): SetupForm =>
  KITS.einv_provider_account.initial({ taxCode: merchantTaxCode, username: '', password: '', autoExport: false, printInvoice: false });

export function providerOf(context: EinvoiceSetupContext): SetupProvider | undefined {
  return context.providers.find((p) => p.route === context.provider);
}

/** The save body of the form as it stands (trimmed; no password with the merchant account). */
export function saveBody(context: EinvoiceSetupContext): SettingsSave {
  const values = context.form.values;
  const base = {
    provider: context.provider as ProviderRoute,
    taxCode: values.taxCode.trim(),
    activeMethod: context.method,
    autoExport: values.autoExport,
    printInvoice: values.printInvoice,
  };
  return context.method === 'merchant_account' ? base : { ...base, username: values.username.trim(), password: values.password.trim() };
}

export function clearedForm(context: EinvoiceSetupContext): Partial<EinvoiceSetupContext> {
  return {
    settings: null,
    provider: null,
    method: 'einv_provider_account',
    form: emptySetupForm(context.merchantTaxCode),
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
        // Loaded values start untouched; a save already refused still shows its problems.
        form: setupFormKit(s.activeMethod).load(context.form, {
          taxCode: s.taxCode,
          username: s.username ?? '',
          password: '',
          autoExport: s.autoExport,
          printInvoice: s.printInvoice,
        }),
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
    // A credential is validated on change (doc 2 §5) and clears the last failure; an option only changes.
    changeField: assign(({ context }, params: { event: Extract<EinvoiceSetupEvent, { type: 'FIELD.CHANGE' }> }) => {
      const kit = setupFormKit(context.method);
      const { field, value } = params.event;
      const form = kit.change(context.form, field, value);
      return isCredential(field) ? { form: kit.blur(form, field), errorCode: null } : { form };
    }),
    assignLinked: assign((_, params: { linked: boolean }) => ({ ssoLinked: params.linked })),
    refuse: assign(({ context }) => ({ form: setupFormKit(context.method).refuse(context.form) })),
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
    credentialsValid: ({ context }) => setupFormKit(context.method).valid(context.form.values),
    ssoLinked: ({ context }) => context.ssoLinked,
    linked: (_, params: { output: SsoLinkOutput }) => params.output.linked,
    needsSerial: ({ context }) => providerOf(context)?.showSerial === true,
    serialSaved: (_, params: { output: SerialVatOutput }) => params.output.status === 'saved',
  },
});
