import { assign, fromPromise, setup } from 'xstate';
import type { EinvoiceSettings, ProviderRoute, Serial, SettingsSave } from '../../services/einvoice/core/types';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * The serial modal that follows a successful save for providers that need it (doc 2 §4 setup modal
 * sequence, §5 "Serial modal", §8 "Serial list failure or 40 s time-out"). The provider's active
 * series are loaded; no answer within 40 s (`serialTimeout`) or a failure ends the modal with
 * `{status: 'failed'}`, and the parent clears the e-invoice set-up and says so. A serial is required.
 * The backdrop, once serials are there, applies the first serial. The choice is synced to the product
 * backend (the settings again, without the password: D176 keeps the stored one).
 *
 * Doc 2 §5 also had the merchant pick one VAT rate for every invoice here. Each line now takes its
 * product's tax class's rate on the day of the sale (D226, D235), so the modal asks no VAT: a rate
 * chosen here would be saved and never read. The save body leaves `tax` out.
 */

export const SERIAL_TIMEOUT_MS = 40_000;

export interface SerialVatInput {
  provider: ProviderRoute;
  /** The settings just saved, as a save body without the password (a later sync keeps the stored one). */
  base: Omit<SettingsSave, 'password' | 'serial' | 'tax'>;
}

export type SerialVatOutput = { status: 'saved'; settings: EinvoiceSettings } | { status: 'failed' };

export interface SerialVatContext {
  provider: ProviderRoute;
  base: SerialVatInput['base'];
  serials: Serial[];
  serial: Serial | null;
  /** The serial field says "required" after a submit without one. */
  showErrors: boolean;
  /** Why the last sync failed; the choice stays. */
  errorCode: string | null;
  result: SerialVatOutput;
}

export type SerialVatEvent = { type: 'SERIAL.SELECT'; value: string } | { type: 'SUBMIT' } | { type: 'BACKDROP' };

export const serialVatMachine = setup({
  types: {
    context: {} as SerialVatContext,
    events: {} as SerialVatEvent,
    input: {} as SerialVatInput,
    output: {} as SerialVatOutput,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    loadSerials: fromPromise<Serial[], { provider: ProviderRoute }>(async () => {
      throw notProvided('loadSerials');
    }),
    saveSerial: fromPromise<EinvoiceSettings, SettingsSave>(async () => {
      throw notProvided('saveSerial');
    }),
  },
  actions: {
    assignSerials: assign((_, params: { serials: Serial[] }) => ({ serials: params.serials })),
    selectSerial: assign(({ context }, params: { value: string }) => {
      const serial = context.serials.find((s) => s.value === params.value) ?? null;
      return { serial, errorCode: null };
    }),
    applyFirstSerial: assign(({ context }) => ({ serial: context.serials[0] ?? null, errorCode: null })),
    showErrors: assign({ showErrors: true }),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    assignSaved: assign((_, params: { settings: EinvoiceSettings }) => ({
      result: { status: 'saved', settings: params.settings } as SerialVatOutput,
    })),
    // Provided by the app: "Serial selected successfully" (doc 2 §8 successes).
    notifySaved: () => {},
    // Provided by the app: the sync failed (doc 2 §8 "E-invoice save failure").
    notifySaveFailed: (_, _params: { code: string }) => {},
  },
  guards: {
    serialChosen: ({ context }) => context.serial !== null,
    serialsLoaded: ({ context }) => context.serials.length > 0,
  },
  delays: {
    serialTimeout: SERIAL_TIMEOUT_MS,
  },
}).createMachine({
  id: 'serialVat',
  context: ({ input }) => ({
    provider: input.provider,
    base: input.base,
    serials: [],
    serial: null,
    showErrors: false,
    errorCode: null,
    result: { status: 'failed' },
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      // Leaving on the time-out stops the request (its signal aborts), so a late answer changes nothing.
      after: { serialTimeout: 'failed' },
      invoke: {
        id: 'loadSerials',
        src: 'loadSerials',
        input: ({ context }) => ({ provider: context.provider }),
        onDone: { target: 'choosing', actions: { type: 'assignSerials', params: ({ event }) => ({ serials: event.output }) } },
        onError: 'failed',
      },
    },
    choosing: {
      on: {
        'SERIAL.SELECT': { actions: { type: 'selectSerial', params: ({ event }) => ({ value: event.value }) } },
        SUBMIT: [{ guard: 'serialChosen', target: 'saving' }, { actions: 'showErrors' }],
        // With nothing to choose from there is nothing to apply: the set-up cannot be finished.
        BACKDROP: [{ guard: 'serialsLoaded', target: 'saving', actions: 'applyFirstSerial' }, { target: 'failed' }],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveSerial',
        src: 'saveSerial',
        input: ({ context }) => ({ ...context.base, serial: context.serial?.value }),
        onDone: {
          target: 'done',
          actions: [{ type: 'assignSaved', params: ({ event }) => ({ settings: event.output }) }, 'notifySaved'],
        },
        onError: {
          target: 'choosing',
          actions: [
            { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notifySaveFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
          ],
        },
      },
    },
    done: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }) => context.result,
});
