import { and, not } from 'xstate';
import type { ProviderRoute } from '../../services/einvoice/core/types';
import { errorCode } from '../../rules/serviceError';
import { einvoiceSetupParts, type Declaration, emptySetupForm, saveBody } from './einvoiceSetup.setup';

export * from './einvoiceSetup.setup';

/**
 * /e-inv-setting (doc 2 §2 "E-invoice setting", §4 setup modal sequence and SSO link, §5 credentials,
 * §8, §9). First visit: the terms modal (Agree and Continue remembers it for 365 days; closing without
 * agreeing leaves for /dashboard). Then the stored settings: active ones are shown read-only with
 * their declaration status and a cancel (asked first); otherwise the form: provider, login method
 * (only where the provider offers SSO), credentials trimmed and required, auto-export and print.
 * Save: the provider checks the tax code, then the login, then the product backend stores the
 * settings; a refusal keeps everything typed and says why. With the merchant account the SSO link
 * (sso's `ssoLink`, invoked as a child) must be made first. After the save: the success modal, then,
 * for providers that need it, the serial and VAT modal (`serialVat`); its failure or time-out clears
 * the set-up again (D194) and says so.
 */
export const einvoiceSetupMachine = einvoiceSetupParts.createMachine({
  id: 'einvoiceSetup',
  context: ({ input }) => ({
    providers: input.providers,
    termsAccepted: input.termsAccepted,
    merchantTaxCode: input.merchantTaxCode,
    settings: null,
    provider: null,
    method: 'einv_provider_account',
    form: emptySetupForm(input.merchantTaxCode),
    ssoLinked: false,
    declaration: null,
    errorCode: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'termsAccepted', target: 'loading' }, { target: 'terms' }],
    },
    terms: {
      tags: ['termsOpen'],
      on: {
        'TERMS.AGREE': { target: 'loading', actions: 'rememberTerms' },
        'TERMS.CLOSE': { target: 'left', actions: 'leaveToDashboard' },
      },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: [
          {
            guard: { type: 'settingsActive', params: ({ event }) => ({ settings: event.output }) },
            target: 'active',
            actions: { type: 'assignSettings', params: ({ event }) => ({ settings: event.output }) },
          },
          { target: 'form', actions: { type: 'assignSettings', params: ({ event }) => ({ settings: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    form: {
      initial: 'routing',
      on: {
        'PROVIDER.SELECT': [
          {
            guard: { type: 'ssoProvider', params: ({ event, context }) => ({ route: event.route, providers: context.providers }) },
            target: '.routing',
            actions: { type: 'selectProvider', params: ({ event }) => ({ route: event.route }) },
          },
          { target: '.editing', actions: { type: 'selectProvider', params: ({ event }) => ({ route: event.route }) } },
        ],
        'METHOD.SELECT': {
          guard: { type: 'methodAllowed', params: ({ event }) => ({ method: event.method }) },
          target: '.routing',
          actions: { type: 'selectMethod', params: ({ event }) => ({ method: event.method }) },
        },
        // One dialect for the credentials and the two switches (D283); FIELD.BLUR is not handled: a
        // credential's problem shows once changed, not on leaving it (doc 2 §5).
        'FIELD.CHANGE': { actions: { type: 'changeField', params: ({ event }) => ({ event }) } },
      },
      states: {
        // With the merchant account, first learn whether the link is already there (doc 2 §5: save needs it).
        routing: {
          always: [{ guard: 'isSsoMethod', target: 'checkingLink' }, { target: 'editing' }],
        },
        checkingLink: {
          tags: ['busy'],
          invoke: {
            id: 'checkSso',
            src: 'checkSso',
            input: ({ context }) => ({ provider: context.provider as ProviderRoute }),
            onDone: { target: 'editing', actions: { type: 'assignLinked', params: ({ event }) => ({ linked: event.output }) } },
            // Not knowing reads as not linked: the link button is there to make it.
            onError: { target: 'editing', actions: { type: 'assignLinked', params: () => ({ linked: false }) } },
          },
        },
        editing: {
          on: {
            'SSO.LINK': { guard: and(['isSsoMethod', 'credentialsValid']), target: '#einvoiceSetup.linking' },
            SAVE: [
              {
                guard: and(['providerChosen', 'credentialsValid', not('isSsoMethod')]),
                target: '#einvoiceSetup.checkingTaxCode',
              },
              { guard: and(['providerChosen', 'credentialsValid', 'isSsoMethod', 'ssoLinked']), target: '#einvoiceSetup.checkingTaxCode' },
              { actions: 'refuse' },
            ],
          },
        },
      },
    },
    linking: {
      tags: ['linking'],
      invoke: {
        id: 'ssoLink',
        src: 'ssoLink',
        input: ({ context }) => ({ provider: context.provider as ProviderRoute, taxNo: context.form.values.taxCode.trim() }),
        onDone: { target: 'form.editing', actions: { type: 'assignLinked', params: ({ event }) => ({ linked: event.output.linked }) } },
        onError: { target: 'form.editing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    checkingTaxCode: {
      tags: ['busy'],
      invoke: {
        id: 'checkTaxCode',
        src: 'checkTaxCode',
        input: ({ context }) => ({ provider: context.provider as ProviderRoute, taxCode: context.form.values.taxCode.trim() }),
        onDone: [{ guard: 'isSsoMethod', target: 'saving' }, { target: 'loggingIn' }],
        onError: { target: 'form.editing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loggingIn: {
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({
          provider: context.provider as ProviderRoute,
          credentials: {
            taxCode: context.form.values.taxCode.trim(),
            username: context.form.values.username.trim(),
            password: context.form.values.password.trim(),
          },
        }),
        onDone: 'saving',
        onError: { target: 'form.editing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => saveBody(context),
        onDone: {
          target: 'success',
          actions: [{ type: 'assignSettings', params: ({ event }) => ({ settings: event.output }) }, 'notifySaved'],
        },
        onError: {
          target: 'form.editing',
          actions: [
            { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notifySaveFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
          ],
        },
      },
    },
    success: {
      tags: ['successOpen', 'readOnly'],
      on: {
        'SUCCESS.CLOSE': [{ guard: 'needsSerial', target: 'serial' }, { target: 'active' }],
      },
    },
    serial: {
      tags: ['serialOpen', 'readOnly'],
      invoke: {
        id: 'serialVat',
        src: 'serialVat',
        input: ({ context }) => {
          const { password: _password, ...base } = saveBody(context);
          // The stored user name is what the backend compares to keep the stored password.
          return { provider: context.provider as ProviderRoute, base };
        },
        onDone: [
          {
            guard: { type: 'serialSaved', params: ({ event }) => ({ output: event.output }) },
            target: 'active',
            actions: {
              type: 'assignSettings',
              params: ({ event }) => ({ settings: event.output.status === 'saved' ? event.output.settings : null }),
            },
          },
          { target: 'clearing', actions: 'notifySerialFailed' },
        ],
        onError: { target: 'clearing', actions: 'notifySerialFailed' },
      },
    },
    // doc 2 §8: the serial list failed or timed out: the set-up, its VAT and serial are cleared (D194).
    clearing: {
      tags: ['busy'],
      invoke: {
        id: 'clearSettings',
        src: 'cancelSettings',
        // The link stays: the merchant is setting up again (the serial list failed, not the link).
        input: ({ context }) => ({ provider: context.provider as ProviderRoute, unlink: false }),
        onDone: { target: 'form', actions: 'clearForm' },
        // The backend may still hold the set-up: read it again rather than show a form that is not the truth.
        onError: { target: 'loading' },
      },
    },
    active: {
      tags: ['readOnly'],
      initial: 'declaration',
      on: { CANCEL: 'confirmCancel' },
      states: {
        declaration: {
          invoke: {
            id: 'loadDeclaration',
            src: 'loadDeclaration',
            input: ({ context }) => ({ provider: context.provider as ProviderRoute }),
            onDone: { target: 'shown', actions: { type: 'assignDeclaration', params: ({ event }) => ({ declaration: event.output }) } },
            onError: { target: 'shown', actions: { type: 'assignDeclaration', params: () => ({ declaration: 'unknown' as Declaration }) } },
          },
        },
        shown: {},
      },
    },
    confirmCancel: {
      tags: ['readOnly', 'confirmOpen'],
      on: { 'CANCEL.CONFIRM': 'cancelling', 'CANCEL.BACK': 'active.shown' },
    },
    cancelling: {
      tags: ['readOnly', 'busy'],
      invoke: {
        id: 'cancelSettings',
        src: 'cancelSettings',
        // D238: cancelling a merchant-account set-up also removes the account's link.
        input: ({ context }) => ({
          provider: (context.settings?.provider ?? context.provider) as ProviderRoute,
          unlink: context.settings?.activeMethod === 'merchant_account',
        }),
        onDone: { target: 'form', actions: ['clearForm', 'notifyCancelled'] },
        onError: {
          target: 'active.shown',
          actions: { type: 'notifyCancelFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
        },
      },
    },
    left: { type: 'final' },
  },
});
