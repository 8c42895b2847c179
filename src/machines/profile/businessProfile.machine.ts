import { assign, fromPromise, setup } from 'xstate';
import type { BusinessProfile } from '../../services/shared/schemas/auth';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * /profile (core §2 Business info, §3 Business profile, §7 GET /business): loads the profile once
 * and shows it read only; a failure says why (the error catalogue) with a retry. The profile holds
 * personal data (representative, ID number, phones): it stays in this machine's context, which the
 * inspector masks (the area's allow-list names none of its fields).
 */

export interface BusinessProfileContext {
  profile: BusinessProfile | null;
  errorCode: string | null;
}

export type BusinessProfileEvent = { type: 'RETRY' };

export const businessProfileMachine = setup({
  types: {
    context: {} as BusinessProfileContext,
    events: {} as BusinessProfileEvent,
    tags: {} as 'loading' | 'error',
  },
  actors: {
    loadBusiness: fromPromise<BusinessProfile, void>(async () => {
      throw notProvided('loadBusiness');
    }),
  },
  actions: {
    assignProfile: assign((_, params: { profile: BusinessProfile }) => ({ profile: params.profile, errorCode: null })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
  },
}).createMachine({
  id: 'businessProfile',
  context: { profile: null, errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      description: 'GET /business.',
      invoke: {
        id: 'loadBusiness',
        src: 'loadBusiness',
        onDone: { target: 'shown', actions: { type: 'assignProfile', params: ({ event }) => ({ profile: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    shown: { description: 'The profile, read only, in business or personal wording.' },
    failed: {
      tags: ['error'],
      description: 'The catalogue message of the failure and a retry.',
      on: { RETRY: 'loading' },
    },
  },
});

type Snapshot = { context: BusinessProfileContext; hasTag: (tag: 'loading' | 'error') => boolean };
export const selectBusiness = (s: Snapshot) => s.context.profile;
export const selectProfileError = (s: Snapshot) => (s.hasTag('error') ? s.context.errorCode : null);
export const selectProfileLoading = (s: Snapshot) => s.hasTag('loading');
