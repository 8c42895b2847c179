import { assign, fromPromise, setup } from 'xstate';
import type { StaffChanges, StaffRow } from '../../services/staff/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';
import { visibleText } from '../../rules/text';
import { nationalPhone, normaliseStaffName, validateStaffEdit, type StaffEditForm, type StaffFieldError } from '../../rules/staff/staff';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';

/**
 * /staff/update?id= (core §5 Staff): loads the staff member (GET /staff?id=), then the form with
 * staff id and e-mail shown read-only; the name may not be blank (staff_name_empty). The password
 * part is opened on demand: with a sign-in it needs the current and the new password, without one
 * (a staff member who never had a password) the new one gives them a sign-in (D96); the service
 * sends both as digests (D97). A refusal (PASSWORD_NOT_MATCH, PHONE_IS_EXIST…) returns to the form
 * with everything kept, says why under it and in a toast titled "edit staff failed" (core §8).
 * The fields are the shared form (../shared/form/form.ts, D283).
 */

/** The edited fields as the form keeps them (the password part's switch is PASSWORD.TOGGLE, which also forgets what was typed in it). */
export type StaffEditField = Exclude<keyof StaffEditForm, 'changePassword'>;

const editKit = (withLogin: boolean) =>
  defineForm<StaffEditForm, StaffEditField, StaffFieldError>({
    fields: ['fullName', 'phone', 'storeId', 'address', 'oldPassword', 'password'],
    validate: (form) => validateStaffEdit(form, withLogin),
    keepSaveErrorWhileTyping: true,
  });
const EDIT_KITS = { withLogin: editKit(true), withoutLogin: editKit(false) };

/** The form of a staff member with a sign-in asks for the current password too (D96). */
export const staffEditKit = (staff: StaffRow | null) => (hasLogin(staff) ? EDIT_KITS.withLogin : EDIT_KITS.withoutLogin);

export interface StaffEditContext {
  id: number;
  /** The row as loaded (staff id, e-mail, whether they have a sign-in). */
  staff: StaffRow | null;
  form: FormState<StaffEditForm, StaffEditField>;
  loadError: string | null;
}

export type StaffEditEvent =
  FormFieldEvent<StaffEditForm, StaffEditField> | { type: 'PASSWORD.TOGGLE' } | { type: 'SUBMIT' } | { type: 'RETRY' } | { type: 'CANCEL' };

const EMPTY_FORM: StaffEditForm = {
  fullName: '',
  phone: '',
  storeId: null,
  address: '',
  changePassword: false,
  oldPassword: '',
  password: '',
};

const hasLogin = (staff: StaffRow | null) => staff?.has_login ?? true;

function formOf(staff: StaffRow): StaffEditForm {
  return {
    ...EMPTY_FORM,
    fullName: staff.full_name,
    phone: staff.phone,
    storeId: staff.store_id === null ? null : String(staff.store_id),
    address: staff.address,
  };
}

/** The PUT body from a valid form: no id-or-e-mail change, passwords only when the password part is open. */
export function staffChanges(id: number, form: StaffEditForm, withLogin: boolean): StaffChanges {
  return {
    id,
    full_name: normaliseStaffName(form.fullName),
    phone: nationalPhone(form.phone) ?? form.phone,
    store_id: Number(form.storeId),
    address: visibleText(form.address),
    ...(form.changePassword ? { password: form.password, ...(withLogin ? { old_password: form.oldPassword } : {}) } : {}),
  };
}

export const staffEditMachine = setup({
  types: {
    context: {} as StaffEditContext,
    events: {} as StaffEditEvent,
    input: {} as { id: number },
    tags: {} as 'loading' | 'busy' | 'failed' | 'missing' | 'form',
  },
  actors: {
    loadStaff: fromPromise<StaffRow, { id: number }>(async () => {
      throw notProvided('loadStaff');
    }),
    updateStaff: fromPromise<StaffRow, StaffChanges>(async () => {
      throw notProvided('updateStaff');
    }),
  },
  actions: {
    assignStaff: assign(({ context }, params: { staff: StaffRow }) => ({
      staff: params.staff,
      form: staffEditKit(params.staff).load(context.form, formOf(params.staff)),
      loadError: null,
    })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorCode(params.error) })),
    setField: assign(({ context, event }) => ({
      form: event.type === 'FIELD.CHANGE' ? staffEditKit(context.staff).change(context.form, event.field, event.value) : context.form,
    })),
    blurField: assign(({ context }, params: { field: StaffEditField }) => ({
      form: staffEditKit(context.staff).blur(context.form, params.field),
    })),
    // Closing the password part forgets what was typed in it.
    togglePassword: assign(({ context }) => ({
      form: {
        ...context.form,
        values: { ...context.form.values, changePassword: !context.form.values.changePassword, oldPassword: '', password: '' },
      },
    })),
    revealErrors: assign(({ context }) => ({ form: staffEditKit(context.staff).refuse(context.form) })),
    startSaving: assign(({ context }) => ({ form: staffEditKit(context.staff).saving(context.form) })),
    assignSubmitError: assign(({ context }, params: { error: unknown }) => ({
      form: staffEditKit(context.staff).failed(context.form, params.error),
    })),
    forgetPasswords: assign(({ context }) => ({
      form: { ...context.form, values: { ...context.form.values, oldPassword: '', password: '' } },
    })),
    // Provided by the app: the toasts (core §8 "edit staff fail") and the staff lookup's invalidation.
    notifySaved: (_, _params: { row: StaffRow }) => {},
    notifyEditFailed: (_, _params: { code: string }) => {},
  },
  guards: {
    formValid: ({ context }) => staffEditKit(context.staff).valid(context.form.values),
    missing: (_, params: { error: unknown }) => errorCode(params.error) === 'USER_INCORRECT',
  },
}).createMachine({
  id: 'staffEdit',
  context: ({ input }) => ({
    id: input.id,
    staff: null,
    form: EDIT_KITS.withLogin.initial(EMPTY_FORM),
    loadError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      description: 'GET /staff?id=: the staff member to edit.',
      invoke: {
        id: 'loadStaff',
        src: 'loadStaff',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'editing', actions: { type: 'assignStaff', params: ({ event }) => ({ staff: event.output }) } },
        onError: [
          {
            guard: { type: 'missing', params: ({ event }) => ({ error: event.error }) },
            target: 'missing',
            description: "No such staff member (deleted, or another merchant's id): nothing to edit.",
          },
          { target: 'loadFailed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loadFailed: {
      tags: ['failed'],
      description: 'The mapped error and a retry button.',
      on: { RETRY: 'loading', CANCEL: 'cancelled' },
    },
    missing: {
      tags: ['missing'],
      description: 'The staff member does not exist: a link back to the list.',
      on: { CANCEL: 'cancelled' },
    },
    editing: {
      tags: ['form'],
      description: 'The form; staff id and e-mail read-only; the password part closed until asked for.',
      on: {
        'FIELD.CHANGE': { actions: 'setField' },
        'FIELD.BLUR': { actions: { type: 'blurField', params: ({ event }) => ({ field: event.field }) } },
        'PASSWORD.TOGGLE': { actions: 'togglePassword' },
        SUBMIT: [
          { guard: 'formValid', target: 'submitting' },
          { description: 'Each missing or wrong field shows its message; nothing is sent.', actions: 'revealErrors' },
        ],
        CANCEL: { target: 'cancelled', actions: 'forgetPasswords' },
      },
    },
    submitting: {
      tags: ['busy', 'form'],
      description: 'PUT /staff (passwords as digests); the form is read-only and SUBMIT is not handled.',
      entry: 'startSaving',
      invoke: {
        id: 'updateStaff',
        src: 'updateStaff',
        input: ({ context }) => staffChanges(context.id, context.form.values, hasLogin(context.staff)),
        onDone: {
          target: 'saved',
          actions: ['forgetPasswords', { type: 'notifySaved', params: ({ event }) => ({ row: event.output }) }],
        },
        onError: {
          description: 'Back to the form with every value kept, the mapped message under it and in a toast.',
          target: 'editing',
          actions: [
            { type: 'assignSubmitError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notifyEditFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
          ],
        },
      },
    },
    saved: { type: 'final', description: 'Back to the list with a success toast.' },
    cancelled: { type: 'final', description: 'Back to the list, nothing changed.' },
  },
});
