import {
  einvoiceSetupMachine,
  type EinvoiceSetupContext,
  type EinvoiceSetupInput,
} from '../../../src/machines/einvoice/einvoiceSetup.machine';
import { credentialsValid } from '../../../src/machines/einvoice/setup/rules';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { serviceFailure, settings, setupProviders } from './setup.fixtures';

const input = (termsAccepted: boolean): EinvoiceSetupInput => ({ providers: setupProviders, termsAccepted, merchantTaxCode: '0108123455' });

/** Failures every variant can meet; each variant lists its own successes. */
const failures: SampleEvent[] = [
  { type: 'xstate.error.actor.loadSettings', error: serviceFailure('NETWORK_ERROR') },
  { type: 'xstate.error.actor.loadDeclaration', error: serviceFailure('EINV_PROVIDER_DOWN') },
  { type: 'xstate.error.actor.checkTaxCode', error: serviceFailure('EINV_TAX_CODE_INVALID') },
  { type: 'xstate.error.actor.login', error: serviceFailure('EINV_LOGIN_FAIL') },
  { type: 'xstate.error.actor.saveSettings', error: serviceFailure('EINV_LOGIN_FAIL') },
  { type: 'xstate.error.actor.checkSso', error: serviceFailure('NETWORK_ERROR') },
  { type: 'xstate.error.actor.ssoLink', error: serviceFailure('EINV_SSO_FAILED') },
  { type: 'xstate.error.actor.serialVat', error: new Error('serial modal crashed') },
  { type: 'xstate.error.actor.clearSettings', error: serviceFailure('NETWORK_ERROR') },
  { type: 'xstate.error.actor.cancelSettings', error: serviceFailure('PERMISSION_DENY') },
];

/** The first visit and the stored settings: terms, load, read-only, cancel. */
const entryEvents: SampleEvent[] = [
  { type: 'TERMS.AGREE' },
  { type: 'TERMS.CLOSE' },
  { type: 'xstate.done.actor.loadSettings', output: null },
  { type: 'xstate.done.actor.loadSettings', output: settings() },
  // D238: a merchant-account set-up, whose cancel also removes the link (D238).
  { type: 'xstate.done.actor.loadSettings', output: settings({ provider: 'viettel', activeMethod: 'merchant_account', username: null }) },
  { type: 'xstate.error.actor.loadSettings', error: serviceFailure('NETWORK_ERROR') },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.loadDeclaration', output: 'pending' },
  { type: 'xstate.error.actor.loadDeclaration', error: serviceFailure('EINV_PROVIDER_DOWN') },
  { type: 'CANCEL' },
  { type: 'CANCEL.BACK' },
  { type: 'CANCEL.CONFIRM' },
  { type: 'xstate.done.actor.cancelSettings', output: undefined },
  { type: 'xstate.error.actor.cancelSettings', error: serviceFailure('PERMISSION_DENY') },
];

/** The form with the provider's own account: fields, check, login, save, the modals after it. */
const accountEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadSettings', output: null },
  { type: 'PROVIDER.SELECT', route: 'misa' },
  { type: 'PROVIDER.SELECT', route: 'fpt' },
  { type: 'FIELD.CHANGE', field: 'username', value: ' phoco-misa ' },
  { type: 'FIELD.CHANGE', field: 'password', value: 'Einv@2026' },
  { type: 'FIELD.CHANGE', field: 'password', value: '   ' },
  { type: 'FIELD.CHANGE', field: 'taxCode', value: '01081' },
  // The switches are fields too (D283): FIELD.CHANGE with a boolean.
  { type: 'FIELD.CHANGE', field: 'autoExport', value: true },
  { type: 'FIELD.CHANGE', field: 'printInvoice', value: true },
  { type: 'METHOD.SELECT', method: 'merchant_account' },
  { type: 'SAVE' },
  { type: 'xstate.done.actor.checkTaxCode', output: undefined },
  { type: 'xstate.done.actor.login', output: undefined },
  { type: 'xstate.done.actor.saveSettings', output: settings({ provider: 'misa', username: 'phoco-misa' }) },
  { type: 'xstate.done.actor.saveSettings', output: settings({ provider: 'fpt', username: 'phoco-fpt' }) },
  { type: 'SUCCESS.CLOSE' },
  {
    type: 'xstate.done.actor.serialVat',
    output: { status: 'saved', settings: settings({ provider: 'misa', serial: '1C26TMS', tax: 10 }) },
  },
  { type: 'xstate.done.actor.serialVat', output: { status: 'failed' } },
  { type: 'xstate.done.actor.clearSettings', output: undefined },
  { type: 'xstate.done.actor.loadDeclaration', output: 'approved' },
  ...failures,
];

/** The merchant account (SSO) on M-Invoice: the link check, the link child, save without a password. */
const ssoEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadSettings', output: settings({ active: false, activeMethod: 'merchant_account', username: null }) },
  { type: 'PROVIDER.SELECT', route: 'm-invoice' },
  { type: 'PROVIDER.SELECT', route: 'misa' },
  { type: 'METHOD.SELECT', method: 'merchant_account' },
  { type: 'METHOD.SELECT', method: 'einv_provider_account' },
  { type: 'FIELD.CHANGE', field: 'taxCode', value: '' },
  { type: 'FIELD.CHANGE', field: 'taxCode', value: '0108123455' },
  { type: 'xstate.done.actor.checkSso', output: false },
  { type: 'xstate.done.actor.checkSso', output: true },
  { type: 'SSO.LINK' },
  { type: 'xstate.done.actor.ssoLink', output: { linked: true } },
  { type: 'xstate.done.actor.ssoLink', output: { linked: false } },
  { type: 'SAVE' },
  { type: 'xstate.done.actor.checkTaxCode', output: undefined },
  { type: 'xstate.done.actor.saveSettings', output: settings({ activeMethod: 'merchant_account', username: null }) },
  { type: 'SUCCESS.CLOSE' },
  {
    type: 'xstate.done.actor.serialVat',
    output: { status: 'saved', settings: settings({ activeMethod: 'merchant_account', serial: '1C26TMV', tax: 8 }) },
  },
  { type: 'xstate.done.actor.clearSettings', output: undefined },
  { type: 'xstate.done.actor.loadDeclaration', output: 'approved' },
  ...failures,
];

function project(c: EinvoiceSetupContext) {
  return {
    provider: c.provider,
    method: c.method,
    valid: credentialsValid(c.method, c.form.values),
    linked: c.ssoLinked,
    showErrors: c.form.showErrors,
    error: c.errorCode,
    auto: c.form.values.autoExport,
    print: c.form.values.printInvoice,
    declaration: c.declaration,
  };
}

describeModel({
  name: 'einvoiceSetup',
  machine: einvoiceSetupMachine,
  promiseActors: [
    'loadSettings',
    'checkSso',
    'checkTaxCode',
    'login',
    'saveSettings',
    'cancelSettings',
    'loadDeclaration',
    'ssoLink',
    'serialVat',
  ],
  spyActions: [
    'rememberTerms',
    'leaveToDashboard',
    'notifySaved',
    'notifySaveFailed',
    'notifyCancelled',
    'notifyCancelFailed',
    'notifySerialFailed',
  ],
  variants: [
    { variant: 'firstVisit', input: input(false), events: entryEvents, project: project as (context: never) => unknown },
    { variant: 'returning', input: input(true), events: entryEvents, project: project as (context: never) => unknown },
    {
      variant: 'account',
      input: input(true),
      events: accountEvents,
      project: project as (context: never) => unknown,
      limit: 20_000,
      ignore: ['CANCEL', 'RETRY'],
    },
    {
      variant: 'sso',
      input: input(true),
      events: ssoEvents,
      project: project as (context: never) => unknown,
      limit: 20_000,
      ignore: ['CANCEL', 'RETRY'],
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const after = step.after.context as EinvoiceSetupContext;
      const before = step.before?.context as EinvoiceSetupContext | undefined;
      const actions = step.actions.map((a) => a.action);
      const type = step.event.type;
      if (type === 'TERMS.AGREE' && !actions.includes('rememberTerms')) throw new Error('terms agreed but not remembered');
      if (type === 'TERMS.CLOSE' && (!actions.includes('leaveToDashboard') || step.after.status !== 'done'))
        throw new Error('closing the terms did not leave');
      // A refused check, login or save keeps every typed value and names the reason.
      if (/^xstate\.error\.actor\.(checkTaxCode|login|saveSettings)$/.test(type)) {
        if (!before || JSON.stringify(before.form.values) !== JSON.stringify(after.form.values) || before.provider !== after.provider)
          throw new Error('a refusal lost typed values');
        if (after.errorCode === null) throw new Error('a refusal without its reason');
      }
      // D284: a refused save keeps every value.
      if (
        type === 'SAVE' &&
        before &&
        step.after.matches({ form: 'editing' }) &&
        JSON.stringify(before.form.values) !== JSON.stringify(after.form.values)
      )
        throw new Error('a refused save changed the form');
      if (type === 'xstate.error.actor.saveSettings' && !actions.includes('notifySaveFailed'))
        throw new Error('save failure without a toast');
      if ((type === 'xstate.done.actor.serialVat' || type === 'xstate.error.actor.serialVat') && step.after.matches('clearing')) {
        if (!actions.includes('notifySerialFailed')) throw new Error('serial failure without a toast');
      }
      if (
        type === 'xstate.done.actor.cancelSettings' &&
        (after.provider !== null || after.form.values.autoExport || after.form.values.printInvoice || after.settings !== null)
      )
        throw new Error('cancel left the set-up behind');
      if (step.after.matches('active') && !step.after.hasTag('readOnly')) throw new Error('active but editable');
      for (const call of step.invoked) {
        const body = call.input as Record<string, unknown>;
        if (call.id === 'checkTaxCode' && body.taxCode !== after.form.values.taxCode.trim()) throw new Error('checked another tax code');
        if (call.id === 'login') {
          // The provider checks the tax code before the login (doc 2 §5).
          if (type !== 'xstate.done.actor.checkTaxCode') throw new Error('login without the tax-code check');
          const creds = body.credentials as Record<string, string>;
          if (creds.username !== after.form.values.username.trim() || creds.password !== after.form.values.password.trim())
            throw new Error('credentials not trimmed');
        }
        if (call.id === 'saveSettings') {
          if (after.method === 'merchant_account' && ('password' in body || !after.ssoLinked))
            throw new Error('SSO save with a password or no link');
          if (after.method === 'einv_provider_account' && type !== 'xstate.done.actor.login') throw new Error('saved without a login');
        }
        if (call.id === 'serialVat' && 'password' in ((body.base as Record<string, unknown>) ?? {})) throw new Error('password sent again');
        // D238: the merchant's cancel removes the merchant account's link with the set-up that used it; the
        // clearing after a failed serial list keeps it (the merchant sets up again).
        if (call.id === 'cancelSettings' && body.unlink !== (before?.settings?.activeMethod === 'merchant_account'))
          throw new Error(`cancel unlink ${String(body.unlink)} for ${String(before?.settings?.activeMethod)}`);
        if (call.id === 'clearSettings' && body.unlink !== false) throw new Error('clearing removed the link');
      }
    }
  },
});
