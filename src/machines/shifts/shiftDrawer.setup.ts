import { assign, fromPromise, setup } from 'xstate';
import { newIdempotencyKey, outcomeUnknown } from '../../rules/idempotency';
import { errorCode, errorDataNumber, notProvided } from '../../rules/serviceError';
import {
  amountOf,
  countedTotal,
  DENOMINATIONS,
  differenceNeedsReason,
  noteCountOf,
  validateFloat,
  validateMoveAmount,
  validateNote,
  validateNoteCount,
  type Denomination,
  type DrawerError,
  type MovementKind,
  type MovementReason,
} from '../../rules/shifts/drawer';
import type { CloseShiftBody, MovementBody, Shift, StoreShifts } from '../../services/shifts/schemas';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';

/**
 * The shift page's three forms on the shared form toolkit (D283): opening (the float), a cash in /
 * cash out, and the count at close. Distinct field names keep the one FIELD.CHANGE dialect
 * unambiguous in one machine: each form takes only its own fields. Every change of the drawer carries
 * its attempt's Idempotency-Key (D303): kept after a lost answer, so "try again" cannot act twice, and
 * renewed after a definite outcome.
 */

export interface OpenValues {
  float: string;
}
export interface MoveValues {
  kind: MovementKind;
  amount: string;
  reason: MovementReason | '';
  note: string;
}
type CountField = `n${Denomination}`;
export const COUNT_FIELDS = DENOMINATIONS.map((d) => `n${d}` as CountField);
export type CloseValues = Record<CountField, string> & {
  closeReason: string;
  /** The expected cash the count is compared with (not a field: refreshed with the shift). */
  expected: number;
};
type CloseField = CountField | 'closeReason';

export const openKit = defineForm<OpenValues, 'float', DrawerError>({
  rules: { float: validateFloat },
  immediate: ['notWhole', 'tooLarge'],
});
export const moveKit = defineForm<MoveValues, 'amount' | 'reason' | 'note', DrawerError>({
  fields: ['amount', 'reason', 'note'],
  validate: (v) => {
    const found: Partial<Record<'amount' | 'reason' | 'note', DrawerError>> = {};
    const amount = validateMoveAmount(v.amount);
    if (amount) found.amount = amount;
    if (v.reason === '') found.reason = 'required';
    const note = validateNote(v.note, v.reason === 'OTHER');
    if (note) found.note = note;
    return found;
  },
  immediate: ['notWhole', 'tooLarge', 'tooLong'],
});

/** The counted total and the difference with the expected cash, from what is typed (D303). */
export function closeFigures(values: CloseValues): { counted: number; difference: number; needsReason: boolean } {
  const counts = Object.fromEntries(DENOMINATIONS.map((d) => [d, noteCountOf(values[`n${d}`])]));
  const counted = countedTotal(counts);
  const difference = counted - values.expected;
  return { counted, difference, needsReason: differenceNeedsReason(difference) };
}

export const closeKit = defineForm<CloseValues, CloseField, DrawerError>({
  fields: [...COUNT_FIELDS, 'closeReason'],
  validate: (v) => {
    const found: Partial<Record<CloseField, DrawerError>> = {};
    for (const field of COUNT_FIELDS) {
      const problem = validateNoteCount(v[field]);
      if (problem) found[field] = problem;
    }
    const reason = validateNote(v.closeReason, closeFigures(v).needsReason);
    if (reason) found.closeReason = reason;
    return found;
  },
  immediate: ['notWhole', 'tooLarge', 'tooLong'],
  fieldCodes: { CLOSE_REASON_REQUIRED: 'closeReason' },
});

const EMPTY_MOVE: MoveValues = { kind: 'OUT', amount: '', reason: '', note: '' };
const emptyClose = (expected: number): CloseValues =>
  ({ ...Object.fromEntries(COUNT_FIELDS.map((f) => [f, ''])), closeReason: '', expected }) as CloseValues;

export interface ShiftDrawerContext {
  storeId: number | null;
  /** The store's open shift, as the service last answered it (expected cash included). */
  shift: Shift | null;
  /** The store's last closed shift: its summary shows under the open form. */
  lastClosed: Shift | null;
  loadError: string | null;
  openForm: FormState<OpenValues>;
  moveForm: FormState<MoveValues>;
  closeForm: FormState<CloseValues>;
  openKey: string;
  moveKey: string;
  closeKey: string;
}

export type ShiftDrawerEvent =
  | FormFieldEvent<OpenValues>
  | FormFieldEvent<MoveValues>
  | FormFieldEvent<CloseValues, CloseField>
  | { type: 'STORE.SELECT'; storeId: number | null }
  | { type: 'RETRY' }
  | { type: 'REFRESH' }
  | { type: 'OPEN.SUBMIT' }
  | { type: 'MOVE.SUBMIT' }
  | { type: 'CLOSE.SUBMIT' }
  | { type: 'NEW_SHIFT' };

type FieldChange = Extract<ShiftDrawerEvent, { type: 'FIELD.CHANGE' }>;
type FieldEvent = FieldChange | Extract<ShiftDrawerEvent, { type: 'FIELD.BLUR' }>;
const OPEN_FIELDS = new Set(['float']);
const MOVE_FIELDS = new Set(['kind', 'amount', 'reason', 'note']);
const CLOSE_FIELDS = new Set<string>([...COUNT_FIELDS, 'closeReason']);

export const movementBody = (v: MoveValues): MovementBody => ({
  kind: v.kind,
  amount: amountOf(v.amount) ?? 0,
  reason: v.reason === '' ? 'OTHER' : v.reason,
  note: v.note.trim(),
});
export const closeBody = (v: CloseValues): CloseShiftBody => ({
  counts: Object.fromEntries(DENOMINATIONS.map((d) => [String(d), noteCountOf(v[`n${d}`])])),
  reason: v.closeReason.trim(),
});

export const shiftDrawerSetup = setup({
  types: {
    context: {} as ShiftDrawerContext,
    events: {} as ShiftDrawerEvent,
    tags: {} as 'loading' | 'busy' | 'uncertain',
  },
  actors: {
    loadShifts: fromPromise<StoreShifts, { storeId: number }>(async () => {
      throw notProvided('loadShifts');
    }),
    openShift: fromPromise<Shift, { body: { store_id: number; float_amount: number }; key: string }>(async () => {
      throw notProvided('openShift');
    }),
    moveCash: fromPromise<Shift, { shiftId: number; body: MovementBody; key: string }>(async () => {
      throw notProvided('moveCash');
    }),
    closeShift: fromPromise<Shift, { shiftId: number; body: CloseShiftBody; key: string }>(async () => {
      throw notProvided('closeShift');
    }),
  },
  actions: {
    assignStore: assign((_, p: { storeId: number | null }) => ({ storeId: p.storeId, shift: null, lastClosed: null })),
    assignLoaded: assign(({ context }, p: { shifts: StoreShifts }) => ({
      shift: p.shifts.open,
      lastClosed: p.shifts.last_closed,
      loadError: null,
      closeForm: closeKit.load(context.closeForm, { ...context.closeForm.values, expected: p.shifts.open?.expected ?? 0 }),
    })),
    assignLoadError: assign((_, p: { error: unknown }) => ({ loadError: errorCode(p.error) })),
    /** A new open shift (opened here): empty movement and count forms. */
    assignOpened: assign((_, p: { shift: Shift }) => ({
      shift: p.shift,
      openForm: openKit.initial({ float: '' }),
      moveForm: moveKit.initial(EMPTY_MOVE),
      closeForm: closeKit.initial(emptyClose(p.shift.expected)),
    })),
    /** The shift after a movement: the expected cash moves, the count typed so far stays. */
    assignMoved: assign(({ context }, p: { shift: Shift }) => ({
      shift: p.shift,
      moveForm: moveKit.initial({ ...EMPTY_MOVE, kind: context.moveForm.values.kind }),
      closeForm: closeKit.load(context.closeForm, { ...context.closeForm.values, expected: p.shift.expected }),
    })),
    assignClosed: assign((_, p: { shift: Shift }) => ({ shift: null, lastClosed: p.shift, closeForm: closeKit.initial(emptyClose(0)) })),
    changeField: assign(({ context }, p: { event: FieldChange }) => {
      const { field, value } = p.event as unknown as { field: string; value: never };
      if (OPEN_FIELDS.has(field)) return { openForm: openKit.change(context.openForm, field as 'float', value) };
      if (MOVE_FIELDS.has(field)) return { moveForm: moveKit.change(context.moveForm, field as 'amount', value) };
      return { closeForm: closeKit.change(context.closeForm, field as 'closeReason', value) };
    }),
    blurField: assign(({ context }, p: { field: string }) => {
      if (OPEN_FIELDS.has(p.field)) return { openForm: openKit.blur(context.openForm, 'float') };
      if (MOVE_FIELDS.has(p.field)) return { moveForm: moveKit.blur(context.moveForm, p.field as 'amount') };
      return { closeForm: closeKit.blur(context.closeForm, p.field as CloseField) };
    }),
    refuseOpen: assign(({ context }) => ({ openForm: openKit.refuse(context.openForm) })),
    refuseMove: assign(({ context }) => ({ moveForm: moveKit.refuse(context.moveForm) })),
    refuseClose: assign(({ context }) => ({ closeForm: closeKit.refuse(context.closeForm) })),
    savingOpen: assign(({ context }) => ({ openForm: openKit.saving(context.openForm) })),
    savingMove: assign(({ context }) => ({ moveForm: moveKit.saving(context.moveForm) })),
    savingClose: assign(({ context }) => ({ closeForm: closeKit.saving(context.closeForm) })),
    failOpen: assign(({ context }, p: { error: unknown }) => ({ openForm: openKit.failed(context.openForm, p.error) })),
    failMove: assign(({ context }, p: { error: unknown }) => ({ moveForm: moveKit.failed(context.moveForm, p.error) })),
    /** A refused close keeps the count; the service's expected cash (it may have moved meanwhile) replaces the page's. */
    failClose: assign(({ context }, p: { error: unknown }) => {
      const expected = errorDataNumber(p.error, 'expected');
      const form = closeKit.failed(context.closeForm, p.error);
      if (expected === null || context.shift === null) return { closeForm: form };
      return { closeForm: { ...form, values: { ...form.values, expected } }, shift: { ...context.shift, expected } };
    }),
    resetOpenForm: assign({ openForm: () => openKit.initial({ float: '' }) }),
    renewOpenKey: assign({ openKey: () => newIdempotencyKey('shift-open') }),
    renewMoveKey: assign({ moveKey: () => newIdempotencyKey('shift-move') }),
    renewCloseKey: assign({ closeKey: () => newIdempotencyKey('shift-close') }),
    // Provided by the route: toasts (core §8).
    notifyOpened: () => {},
    notifyMoved: (_, _p: { kind: MovementKind }) => {},
    notifyClosed: () => {},
    notifyFailed: (_, _p: { code: string }) => {},
  },
  guards: {
    storeChosen: (_, p: { storeId: number | null }) => p.storeId !== null,
    hasOpen: (_, p: { shifts: StoreShifts }) => p.shifts.open !== null,
    openValid: ({ context }) => openKit.valid(context.openForm.values),
    moveValid: ({ context }) => moveKit.valid(context.moveForm.values),
    closeValid: ({ context }) => closeKit.valid(context.closeForm.values),
    isOpenField: (_, p: { event: FieldEvent }) => OPEN_FIELDS.has(p.event.field),
    isOpenShiftField: (_, p: { event: FieldEvent }) => MOVE_FIELDS.has(p.event.field) || CLOSE_FIELDS.has(p.event.field),
    outcomeUnknown: (_, p: { error: unknown }) => outcomeUnknown(p.error),
    /** The drawer changed under this page (opened or closed elsewhere): read it again. */
    stale: (_, p: { error: unknown }) => ['SHIFT_ALREADY_OPEN', 'SHIFT_CLOSED', 'SHIFT_NOT_FOUND'].includes(errorCode(p.error)),
  },
});

export const initialShiftDrawerContext = (): ShiftDrawerContext => ({
  storeId: null,
  shift: null,
  lastClosed: null,
  loadError: null,
  openForm: openKit.initial({ float: '' }),
  moveForm: moveKit.initial(EMPTY_MOVE),
  closeForm: closeKit.initial(emptyClose(0)),
  openKey: newIdempotencyKey('shift-open'),
  moveKey: newIdempotencyKey('shift-move'),
  closeKey: newIdempotencyKey('shift-close'),
});
