import { assign, fromPromise, setup } from 'xstate';
import type { EdcDevice, LinkableVa } from '../../services/edc/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * Integrating a card machine with a ShopQR (core §2 /edc, §7 list-va-to-link and map-edc-to-va, §8
 * LINK_EDC_VA_FAIL "choose another ShopQR", toast "integrate fail"). The ShopQR the bank refused is
 * remembered, so the list marks it and the user picks another. Mapping again to the same ShopQR
 * gives the same result, so a retry after a network failure is safe.
 */

export interface EdcIntegrateInput {
  posId: string;
  /** The ShopQR the machine is integrated with now, if any (preselected). */
  currentVa: string | null;
}

export interface EdcIntegrateContext {
  posId: string;
  vas: LinkableVa[];
  chosenVa: string | null;
  /** ShopQRs the bank refused for this machine (LINK_EDC_VA_FAIL). */
  refused: string[];
  errorCode: string | null;
}

export type EdcIntegrateEvent = { type: 'VA.CHOOSE'; vaAccountNo: string } | { type: 'SUBMIT' } | { type: 'RETRY' };

export const edcIntegrateMachine = setup({
  types: {
    context: {} as EdcIntegrateContext,
    events: {} as EdcIntegrateEvent,
    input: {} as EdcIntegrateInput,
    tags: {} as 'loading' | 'vasFailed' | 'noVas' | 'choosing' | 'busy' | 'failed',
  },
  actors: {
    loadLinkableVas: fromPromise<LinkableVa[], void>(async () => {
      throw notProvided('loadLinkableVas');
    }),
    integrateEdc: fromPromise<EdcDevice, { vaAccountNo: string; posId: string }>(async () => {
      throw notProvided('integrateEdc');
    }),
  },
  actions: {
    assignVas: assign((_, params: { vas: LinkableVa[] }) => ({ vas: params.vas, errorCode: null })),
    chooseVa: assign((_, params: { vaAccountNo: string }) => ({ chosenVa: params.vaAccountNo, errorCode: null })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    refuseChosen: assign(({ context }) => ({
      refused: context.chosenVa && !context.refused.includes(context.chosenVa) ? [...context.refused, context.chosenVa] : context.refused,
      chosenVa: null,
    })),
    // Provided by the app: success toast and list refresh; the §8 "integrate fail" toast.
    notifyIntegrated: (_, _params: { device: EdcDevice }) => {},
    notifyIntegrateFailed: (_, _params: { code: string }) => {},
  },
  guards: {
    hasVas: (_, params: { vas: LinkableVa[] }) => params.vas.length > 0,
    vaChoosable: ({ context }, params: { vaAccountNo: unknown }) =>
      typeof params.vaAccountNo === 'string' &&
      context.vas.some((va) => va.va_account_no === params.vaAccountNo) &&
      !context.refused.includes(params.vaAccountNo),
    hasChoice: ({ context }) => context.chosenVa !== null,
    linkRefused: (_, params: { error: unknown }) => errorCode(params.error) === 'LINK_EDC_VA_FAIL',
  },
}).createMachine({
  id: 'edcIntegrate',
  context: ({ input }) => ({ posId: input.posId, vas: [], chosenVa: input.currentVa, refused: [], errorCode: null }),
  initial: 'loadingVas',
  states: {
    loadingVas: {
      tags: ['loading'],
      invoke: {
        id: 'loadLinkableVas',
        src: 'loadLinkableVas',
        onDone: [
          {
            guard: { type: 'hasVas', params: ({ event }) => ({ vas: event.output }) },
            target: 'choosing',
            actions: { type: 'assignVas', params: ({ event }) => ({ vas: event.output }) },
          },
          { target: 'noVas', actions: { type: 'assignVas', params: ({ event }) => ({ vas: event.output }) } },
        ],
        onError: { target: 'vasFailed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    vasFailed: {
      tags: ['vasFailed'],
      description: 'The ShopQR list did not load: what happened and a retry.',
      on: { RETRY: { target: 'loadingVas' } },
    },
    noVas: { tags: ['noVas'], description: 'The merchant has no ShopQR to integrate with: a pointer to the ShopQR page.' },
    choosing: {
      tags: ['choosing'],
      description: 'A ShopQR dropdown; a refused one is marked and cannot be chosen again.',
      on: {
        'VA.CHOOSE': {
          guard: { type: 'vaChoosable', params: ({ event }) => ({ vaAccountNo: event.vaAccountNo }) },
          actions: { type: 'chooseVa', params: ({ event }) => ({ vaAccountNo: event.vaAccountNo }) },
        },
        SUBMIT: { guard: 'hasChoice', target: 'submitting' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'integrateEdc',
        src: 'integrateEdc',
        input: ({ context }) => ({ vaAccountNo: context.chosenVa!, posId: context.posId }),
        onDone: { target: 'done', actions: { type: 'notifyIntegrated', params: ({ event }) => ({ device: event.output }) } },
        onError: [
          {
            guard: { type: 'linkRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'choosing',
            actions: [
              { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
              'refuseChosen',
              { type: 'notifyIntegrateFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
            ],
          },
          {
            target: 'failed',
            actions: [
              { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
              { type: 'notifyIntegrateFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
            ],
          },
        ],
      },
    },
    failed: {
      tags: ['failed'],
      description: '"Integrate fail" toast; the error inline; send again or choose another.',
      on: {
        RETRY: { target: 'submitting' },
        'VA.CHOOSE': {
          guard: { type: 'vaChoosable', params: ({ event }) => ({ vaAccountNo: event.vaAccountNo }) },
          target: 'choosing',
          actions: { type: 'chooseVa', params: ({ event }) => ({ vaAccountNo: event.vaAccountNo }) },
        },
      },
    },
    done: { type: 'final', description: 'Integrated: the dialog closes and the list reloads.' },
  },
});
