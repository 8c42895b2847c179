import { shiftDrawerSetup, initialShiftDrawerContext, closeBody, movementBody, type ShiftDrawerContext } from './shiftDrawer.setup';
import { amountOf } from '../../rules/shifts/drawer';
import { errorCode } from '../../rules/serviceError';

/**
 * The shift page (D303, D304): pick a store; its drawer is read (GET /shift?store_id=). Without an
 * open shift, the open form (the float; the last closed shift's summary beside it); with one, the
 * expected cash now, the movements, the cash in / cash out form and the count; after a close, its
 * summary, from which a new shift may open. Each change of the drawer is one call with its
 * attempt's key (D303): a lost answer locks that form on "try again" with the same key; a drawer
 * changed elsewhere (opened, closed) is read again.
 */

const selectStore = {
  guard: { type: 'storeChosen', params: ({ event }: { event: { storeId: number | null } }) => ({ storeId: event.storeId }) },
  target: '#shiftDrawer.loading',
  actions: { type: 'assignStore', params: ({ event }: { event: { storeId: number | null } }) => ({ storeId: event.storeId }) },
} as const;

export const shiftDrawerMachine = shiftDrawerSetup.createMachine({
  id: 'shiftDrawer',
  context: initialShiftDrawerContext,
  initial: 'pickStore',
  states: {
    pickStore: {
      description: 'No store chosen yet: the store picker only.',
      on: { 'STORE.SELECT': selectStore },
    },
    loading: {
      tags: ['loading'],
      description: "GET /shift?store_id=: the store's open shift (expected cash computed by the service) and its last closed one.",
      invoke: {
        id: 'loadShifts',
        src: 'loadShifts',
        input: ({ context }) => ({ storeId: context.storeId ?? 0 }),
        onDone: [
          {
            guard: { type: 'hasOpen', params: ({ event }) => ({ shifts: event.output }) },
            target: 'open',
            actions: { type: 'assignLoaded', params: ({ event }) => ({ shifts: event.output }) },
          },
          { target: 'noShift', actions: { type: 'assignLoaded', params: ({ event }) => ({ shifts: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: 'The drawer could not be read: say why, with a retry; another store may be picked.',
      on: { RETRY: 'loading', 'STORE.SELECT': selectStore },
    },
    noShift: {
      description: 'No open shift at this store: the open form (float, whole đồng ≥ 0).',
      initial: 'editing',
      states: {
        editing: {
          on: {
            'STORE.SELECT': selectStore,
            'FIELD.CHANGE': {
              guard: { type: 'isOpenField', params: ({ event }) => ({ event }) },
              actions: { type: 'changeField', params: ({ event }) => ({ event }) },
            },
            'FIELD.BLUR': {
              guard: { type: 'isOpenField', params: ({ event }) => ({ event }) },
              actions: { type: 'blurField', params: ({ event }) => ({ field: event.field }) },
            },
            'OPEN.SUBMIT': [{ guard: 'openValid', target: 'saving', actions: 'savingOpen' }, { actions: 'refuseOpen' }],
          },
        },
        saving: {
          tags: ['busy'],
          description: "POST /shift with this attempt's key; a second click does nothing.",
          invoke: {
            id: 'openShift',
            src: 'openShift',
            input: ({ context }) => ({
              body: { store_id: context.storeId ?? 0, float_amount: amountOf(context.openForm.values.float) ?? 0 },
              key: context.openKey,
            }),
            onDone: {
              target: '#shiftDrawer.open',
              actions: [{ type: 'assignOpened', params: ({ event }) => ({ shift: event.output }) }, 'renewOpenKey', 'notifyOpened'],
            },
            onError: [
              {
                guard: { type: 'outcomeUnknown', params: ({ event }) => ({ error: event.error }) },
                target: 'uncertain',
                actions: { type: 'failOpen', params: ({ event }) => ({ error: event.error }) },
              },
              {
                guard: { type: 'stale', params: ({ event }) => ({ error: event.error }) },
                target: '#shiftDrawer.loading',
                description: 'Someone opened this drawer meanwhile: read it (its shift is shown).',
                actions: ['renewOpenKey', { type: 'notifyFailed', params: ({ event }) => ({ code: errorCode(event.error) }) }],
              },
              {
                target: 'editing',
                actions: [{ type: 'failOpen', params: ({ event }) => ({ error: event.error }) }, 'renewOpenKey'],
              },
            ],
          },
        },
        uncertain: {
          tags: ['uncertain'],
          description: 'The answer was lost: the float is locked; "try again" sends the same key, so one shift at most.',
          on: { 'OPEN.SUBMIT': 'saving' },
        },
      },
    },
    open: {
      description: 'An open shift: expected cash now, movements, cash in / cash out, the count at close.',
      initial: 'idle',
      states: {
        idle: {
          on: {
            'STORE.SELECT': selectStore,
            REFRESH: '#shiftDrawer.loading',
            'FIELD.CHANGE': {
              guard: { type: 'isOpenShiftField', params: ({ event }) => ({ event }) },
              actions: { type: 'changeField', params: ({ event }) => ({ event }) },
            },
            'FIELD.BLUR': {
              guard: { type: 'isOpenShiftField', params: ({ event }) => ({ event }) },
              actions: { type: 'blurField', params: ({ event }) => ({ field: event.field }) },
            },
            'MOVE.SUBMIT': [{ guard: 'moveValid', target: 'moving', actions: 'savingMove' }, { actions: 'refuseMove' }],
            'CLOSE.SUBMIT': [{ guard: 'closeValid', target: 'closing', actions: 'savingClose' }, { actions: 'refuseClose' }],
          },
        },
        moving: {
          tags: ['busy'],
          description: "POST /shift/{id}/movement with this attempt's key.",
          invoke: {
            id: 'moveCash',
            src: 'moveCash',
            input: ({ context }) => ({ shiftId: shiftIdOf(context), body: movementBody(context.moveForm.values), key: context.moveKey }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'assignMoved', params: ({ event }) => ({ shift: event.output }) },
                'renewMoveKey',
                { type: 'notifyMoved', params: ({ context }) => ({ kind: context.moveForm.values.kind }) },
              ],
            },
            onError: [
              {
                guard: { type: 'outcomeUnknown', params: ({ event }) => ({ error: event.error }) },
                target: 'moveUncertain',
                actions: { type: 'failMove', params: ({ event }) => ({ error: event.error }) },
              },
              {
                guard: { type: 'stale', params: ({ event }) => ({ error: event.error }) },
                target: '#shiftDrawer.loading',
                actions: ['renewMoveKey', { type: 'notifyFailed', params: ({ event }) => ({ code: errorCode(event.error) }) }],
              },
              { target: 'idle', actions: [{ type: 'failMove', params: ({ event }) => ({ error: event.error }) }, 'renewMoveKey'] },
            ],
          },
        },
        moveUncertain: {
          tags: ['uncertain'],
          description: 'The answer was lost: the movement form is locked; "try again" sends the same key, so one movement at most.',
          on: { 'MOVE.SUBMIT': 'moving' },
        },
        closing: {
          tags: ['busy'],
          description: "POST /shift/{id}/close with the counts, the reason and this attempt's key.",
          invoke: {
            id: 'closeShift',
            src: 'closeShift',
            input: ({ context }) => ({ shiftId: shiftIdOf(context), body: closeBody(context.closeForm.values), key: context.closeKey }),
            onDone: {
              target: '#shiftDrawer.closed',
              actions: [{ type: 'assignClosed', params: ({ event }) => ({ shift: event.output }) }, 'renewCloseKey', 'notifyClosed'],
            },
            onError: [
              {
                guard: { type: 'outcomeUnknown', params: ({ event }) => ({ error: event.error }) },
                target: 'closeUncertain',
                actions: { type: 'failClose', params: ({ event }) => ({ error: event.error }) },
              },
              {
                guard: { type: 'stale', params: ({ event }) => ({ error: event.error }) },
                target: '#shiftDrawer.loading',
                actions: ['renewCloseKey', { type: 'notifyFailed', params: ({ event }) => ({ code: errorCode(event.error) }) }],
              },
              {
                target: 'idle',
                description: 'A refusal (a reason needed for the difference the service computed): the count is kept.',
                actions: [{ type: 'failClose', params: ({ event }) => ({ error: event.error }) }, 'renewCloseKey'],
              },
            ],
          },
        },
        closeUncertain: {
          tags: ['uncertain'],
          description: 'The answer was lost: the count is locked; "try again" sends the same key, so the shift closes once.',
          on: { 'CLOSE.SUBMIT': 'closing' },
        },
      },
    },
    closed: {
      description: 'The shift just closed: its summary (expected, counted, difference, reason); it is read-only.',
      on: { 'STORE.SELECT': selectStore, NEW_SHIFT: { target: 'noShift', actions: 'resetOpenForm' } },
    },
  },
});

function shiftIdOf(context: ShiftDrawerContext): number {
  return context.shift?.shift_id ?? 0;
}

type Snapshot = { context: ShiftDrawerContext; hasTag(tag: string): boolean; matches(value: never): boolean };
const at = (s: Snapshot, value: string) => s.matches(value as never);
/** Which part of the page shows. */
export function selectView(s: Snapshot): 'pick' | 'loading' | 'failed' | 'none' | 'open' | 'closed' {
  if (at(s, 'loading')) return 'loading';
  if (at(s, 'failed')) return 'failed';
  if (at(s, 'noShift')) return 'none';
  if (at(s, 'open')) return 'open';
  if (at(s, 'closed')) return 'closed';
  return 'pick';
}
export const selectOpenBusy = (s: Snapshot) => at(s, 'noShift.saving');
export const selectOpenUncertain = (s: Snapshot) => at(s, 'noShift.uncertain');
export const selectMoveBusy = (s: Snapshot) => at(s, 'open.moving');
export const selectMoveUncertain = (s: Snapshot) => at(s, 'open.moveUncertain');
export const selectCloseBusy = (s: Snapshot) => at(s, 'open.closing');
export const selectCloseUncertain = (s: Snapshot) => at(s, 'open.closeUncertain');
/** The open shift's forms take no typing while any change of the drawer is on its way or in doubt. */
export const selectOpenLocked = (s: Snapshot) => s.hasTag('busy') || s.hasTag('uncertain');
