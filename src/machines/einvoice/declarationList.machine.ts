import { assign, fromPromise, setup } from 'xstate';
import type { DeclarationRecord, DeclarationStatus, EinvoiceSettings, ProviderRoute } from '../../services/einvoice/core/types';
import { errorCode, notProvided } from '../../rules/serviceError';
import { newestFirst } from './declaration/rules';

/**
 * /e-inv-declaration (doc 2 §2, §3 declaration record, §9; D200): the declarations (Form 01/ĐKTĐ-HĐĐT)
 * the merchant sent the tax authority through its provider, as the provider reports them from
 * 1 January to today, newest first, with whether they are approved. Needs a provider set up; "add" is
 * a link to the provider's own portal (the route gives it), after which Refresh reads the list again.
 */

export interface DeclarationListContext {
  provider: ProviderRoute | null;
  approved: boolean | null;
  records: DeclarationRecord[];
  errorCode: string | null;
}

export type DeclarationListEvent = { type: 'REFRESH' } | { type: 'RETRY' };

export const declarationListMachine = setup({
  types: {
    context: {} as DeclarationListContext,
    events: {} as DeclarationListEvent,
    tags: {} as 'loading' | 'loaded' | 'empty' | 'failed' | 'notSetUp',
  },
  actors: {
    loadSettings: fromPromise<EinvoiceSettings | null>(async () => {
      throw notProvided('loadSettings');
    }),
    /** The provider's declaration status from 1 January to today (the route works the range out). */
    loadDeclarations: fromPromise<DeclarationStatus, { provider: ProviderRoute }>(async () => {
      throw notProvided('loadDeclarations');
    }),
  },
  actions: {
    assignProvider: assign((_, params: { settings: EinvoiceSettings | null }) => ({
      provider: params.settings?.active ? params.settings.provider : null,
    })),
    assignStatus: assign((_, params: { status: DeclarationStatus }) => ({
      approved: params.status.approved,
      records: newestFirst(params.status.records),
    })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    clearError: assign({ errorCode: null }),
  },
  guards: {
    notSetUp: (_, params: { settings: EinvoiceSettings | null }) => params.settings === null || !params.settings.active,
    noRecords: (_, params: { status: DeclarationStatus }) => params.status.records.length === 0,
  },
}).createMachine({
  id: 'declarationList',
  context: { provider: null, approved: null, records: [], errorCode: null },
  initial: 'loadingSettings',
  states: {
    loadingSettings: {
      tags: ['loading'],
      description: 'Which provider is set up (doc 2 §6: the e-invoice features need a set-up).',
      entry: 'clearError',
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: [
          { guard: { type: 'notSetUp', params: ({ event }) => ({ settings: event.output }) }, target: 'notSetUp' },
          { target: 'loading', actions: { type: 'assignProvider', params: ({ event }) => ({ settings: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loading: {
      tags: ['loading'],
      description: 'The provider’s declarations from 1 January to today.',
      entry: 'clearError',
      invoke: {
        id: 'loadDeclarations',
        src: 'loadDeclarations',
        input: ({ context }) => ({ provider: context.provider! }),
        onDone: [
          {
            guard: { type: 'noRecords', params: ({ event }) => ({ status: event.output }) },
            target: 'empty',
            actions: { type: 'assignStatus', params: ({ event }) => ({ status: event.output }) },
          },
          { target: 'loaded', actions: { type: 'assignStatus', params: ({ event }) => ({ status: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: {
      tags: ['loaded'],
      description: 'The records, newest first, and the approval.',
      on: { REFRESH: { target: 'loading' } },
    },
    empty: {
      tags: ['empty'],
      description: 'No declaration this year: the add link leads to the provider.',
      on: { REFRESH: { target: 'loading' } },
    },
    failed: {
      tags: ['failed'],
      description: 'The settings or the provider could not be read: the reason and retry.',
      on: { RETRY: { target: 'loadingSettings' } },
    },
    notSetUp: {
      tags: ['notSetUp'],
      description: '“Please set up the e-invoice to use this feature”, with the way to /e-inv-setting.',
    },
  },
});

type Snapshot = { hasTag(tag: string): boolean; context: DeclarationListContext };
export const selectDeclarationLoading = (s: Snapshot) => s.hasTag('loading');
export const selectDeclarationFailed = (s: Snapshot) => s.hasTag('failed');
export const selectDeclarationEmpty = (s: Snapshot) => s.hasTag('empty');
export const selectDeclarationNotSetUp = (s: Snapshot) => s.hasTag('notSetUp');
export const selectDeclarationRecords = (s: Snapshot) => s.context.records;
export const selectDeclarationApproved = (s: Snapshot) => s.context.approved;
export const selectDeclarationProvider = (s: Snapshot) => s.context.provider;
export const selectDeclarationErrorCode = (s: Snapshot) => s.context.errorCode;
