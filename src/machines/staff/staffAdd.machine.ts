import { assign, fromPromise, setup } from 'xstate';
import type { NewStaff, StaffRow } from '../../services/staff/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';
import { visibleText } from '../../rules/text';
import { nationalPhone, normaliseStaffName, validateStaffAdd, type StaffAddForm, type StaffFieldError } from '../../rules/staff/staff';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';

/**
 * /staff/add (core §5 Staff: every field required; name letters and spaces, Vietnamese mobile,
 * valid e-mail, password at least 6). Field messages appear after the first submit and follow every
 * change from then on. A refusal (STAFF_EXIST, PHONE_IS_EXIST, EMAIL_IS_EXIST…) returns to the form
 * with everything typed kept, says why under the form and in a toast titled "add staff failed"
 * (core §8). While the request runs SUBMIT is not handled, so nothing is sent twice. The password
 * is sent by the service as its digest (D97). The fields are the shared form (../shared/form/form.ts,
 * D283): the refusal stays until the next submit.
 */

/** core §5: every field required, checked by the staff rules; the fields in screen order. */
export const staffAddKit = defineForm<StaffAddForm, keyof StaffAddForm, StaffFieldError>({
  fields: ['staffId', 'email', 'fullName', 'phone', 'storeId', 'address', 'password'],
  validate: validateStaffAdd,
  keepSaveErrorWhileTyping: true,
});

export interface StaffAddContext {
  form: FormState<StaffAddForm>;
  added: StaffRow | null;
}

export type StaffAddEvent = FormFieldEvent<StaffAddForm> | { type: 'SUBMIT' } | { type: 'CANCEL' };

export const EMPTY_STAFF_ADD_FORM: StaffAddForm = {
  staffId: '',
  fullName: '',
  phone: '',
  email: '',
  storeId: null,
  address: '',
  password: '',
};

/** The POST body from a valid form: trimmed, the name's spaces made single, the phone in its national form. */
export function newStaffBody(form: StaffAddForm): NewStaff {
  return {
    staff_id: visibleText(form.staffId),
    full_name: normaliseStaffName(form.fullName),
    phone: nationalPhone(form.phone) ?? form.phone,
    email: visibleText(form.email),
    store_id: Number(form.storeId),
    address: visibleText(form.address),
    password: form.password,
  };
}

export const staffAddMachine = setup({
  types: {
    context: {} as StaffAddContext,
    events: {} as StaffAddEvent,
    output: {} as { added: StaffRow | null },
    tags: {} as 'busy',
  },
  actors: {
    addStaff: fromPromise<StaffRow, NewStaff>(async () => {
      throw notProvided('addStaff');
    }),
  },
  actions: {
    setField: assign(({ context, event }) => ({
      form: event.type === 'FIELD.CHANGE' ? staffAddKit.change(context.form, event.field, event.value) : context.form,
    })),
    blurField: assign(({ context }, params: { field: keyof StaffAddForm }) => ({ form: staffAddKit.blur(context.form, params.field) })),
    revealErrors: assign(({ context }) => ({ form: staffAddKit.refuse(context.form) })),
    startSaving: assign(({ context }) => ({ form: staffAddKit.saving(context.form) })),
    assignSubmitError: assign(({ context }, params: { error: unknown }) => ({ form: staffAddKit.failed(context.form, params.error) })),
    // The typed password is not kept once it has been used or abandoned.
    assignAdded: assign(({ context }, params: { row: StaffRow }) => ({
      added: params.row,
      form: staffAddKit.change(context.form, 'password', ''),
    })),
    forgetPassword: assign(({ context }) => ({ form: staffAddKit.change(context.form, 'password', '') })),
    // Provided by the app: the toasts (core §8 "add staff fail") and the staff lookup's invalidation.
    notifyAdded: (_, _params: { row: StaffRow }) => {},
    notifyAddFailed: (_, _params: { code: string }) => {},
  },
  guards: {
    formValid: ({ context }) => staffAddKit.valid(context.form.values),
  },
}).createMachine({
  id: 'staffAdd',
  context: {
    form: staffAddKit.initial(EMPTY_STAFF_ADD_FORM),
    added: null,
  },
  initial: 'editing',
  states: {
    editing: {
      description: 'The form. Field messages show after the first submit; a refusal shows above the buttons.',
      on: {
        'FIELD.CHANGE': { actions: 'setField' },
        'FIELD.BLUR': { actions: { type: 'blurField', params: ({ event }) => ({ field: event.field }) } },
        SUBMIT: [
          { guard: 'formValid', target: 'submitting' },
          { description: 'Each missing or wrong field shows its message; nothing is sent.', actions: 'revealErrors' },
        ],
        CANCEL: { target: 'cancelled', actions: 'forgetPassword' },
      },
    },
    submitting: {
      tags: ['busy'],
      description: 'POST /staff with the password as its digest; the form is read-only and SUBMIT is not handled.',
      entry: 'startSaving',
      invoke: {
        id: 'addStaff',
        src: 'addStaff',
        input: ({ context }) => newStaffBody(context.form.values),
        onDone: {
          target: 'added',
          actions: [
            { type: 'assignAdded', params: ({ event }) => ({ row: event.output }) },
            { type: 'notifyAdded', params: ({ event }) => ({ row: event.output }) },
          ],
        },
        onError: {
          description: 'Back to the form with every value kept, the mapped message under it and in a toast.',
          target: 'editing',
          actions: [
            { type: 'assignSubmitError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notifyAddFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
          ],
        },
      },
    },
    added: { type: 'final', description: 'Back to the list with a success toast.' },
    cancelled: { type: 'final', description: 'Back to the list, nothing added.' },
  },
  output: ({ context }) => ({ added: context.added }),
});
