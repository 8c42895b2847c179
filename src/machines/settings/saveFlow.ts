import { errorCode } from '../../rules/serviceError';

/**
 * What every settings save does when the service refuses or fails (doc 2 §8, core §8): keep the code
 * for the form's alert (assignSaveError: everything typed stays) and toast it (notifySaveFailed).
 * One list for the four saves of the three settings machines, so they cannot drift apart; each
 * machine still names both actions in its setup (the ePaymentSetup one also marks refused fields).
 */
export const saveFailedActions = [
  { type: 'assignSaveError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
  { type: 'notifySaveFailed', params: ({ event }: { event: { error: unknown } }) => ({ code: errorCode(event.error) }) },
] as const;
