import { staffChanges, staffEditKit, staffEditMachine, type StaffEditContext } from '../../../src/machines/staff/staffEdit.machine';
import { hasStaffErrors, validateStaffEdit } from '../../../src/rules/staff/staff';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { noLoginRow, seededRow } from './fixtures';

const formEvents: SampleEvent[] = [
  { type: 'FIELD.CHANGE', field: 'fullName', value: '' },
  { type: 'FIELD.CHANGE', field: 'fullName', value: 'Trần Thu Hà' },
  { type: 'FIELD.CHANGE', field: 'phone', value: '0212345678' },
  { type: 'FIELD.CHANGE', field: 'address', value: 'Đà Nẵng' },
  { type: 'FIELD.CHANGE', field: 'storeId', value: '2' },
  { type: 'FIELD.BLUR', field: 'phone' },
  { type: 'PASSWORD.TOGGLE' },
  { type: 'FIELD.CHANGE', field: 'oldPassword', value: 'Staff@2026' },
  { type: 'FIELD.CHANGE', field: 'password', value: 'New456' },
  { type: 'SUBMIT' },
  { type: 'RETRY' },
  { type: 'CANCEL' },
  { type: 'xstate.done.actor.updateStaff', output: seededRow },
  { type: 'xstate.error.actor.updateStaff', error: serviceError('PASSWORD_NOT_MATCH', 400) },
];

const loads = (row: typeof seededRow): SampleEvent[] => [
  { type: 'xstate.done.actor.loadStaff', output: row },
  { type: 'xstate.error.actor.loadStaff', error: serviceError('USER_INCORRECT', 404) },
  { type: 'xstate.error.actor.loadStaff', error: networkError },
];

function project(c: StaffEditContext) {
  return {
    errors: Object.keys(staffEditKit(c.staff).errors(c.form.values)).sort(),
    showErrors: c.form.showErrors,
    changePassword: c.form.values.changePassword,
    submitError: c.form.saveError,
    loaded: c.staff !== null,
  };
}

describeModel({
  name: 'staffEdit',
  machine: staffEditMachine,
  promiseActors: ['loadStaff', 'updateStaff'],
  spyActions: ['notifySaved', 'notifyEditFailed'],
  variants: [
    {
      input: { id: seededRow.id },
      variant: 'with sign-in',
      events: [...loads(seededRow), ...formEvents],
      project: project as (context: never) => unknown,
    },
    // A staff member without a sign-in: the password part asks for the new password only (D96).
    {
      input: { id: seededRow.id },
      variant: 'no sign-in',
      events: [...loads(noLoginRow), ...formEvents.filter((e) => e.type !== 'RETRY')],
      project: project as (context: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as StaffEditContext | undefined;
      const after = step.after.context as StaffEditContext;
      for (const call of step.invoked) {
        if (call.id === 'loadStaff' && (call.input as { id: number }).id !== seededRow.id) throw new Error('loaded another staff member');
        if (call.id !== 'updateStaff') continue;
        const withLogin = after.staff?.has_login ?? true;
        if (hasStaffErrors(validateStaffEdit(after.form.values, withLogin)))
          throw new Error(`sent an invalid form ${JSON.stringify(after.form.values)}`);
        const body = call.input as ReturnType<typeof staffChanges>;
        if (JSON.stringify(body) !== JSON.stringify(staffChanges(after.id, after.form.values, withLogin)))
          throw new Error('request differs');
        // core §5: id and e-mail cannot change; the password goes only with the current one (when there is a sign-in).
        if ('email' in body || 'staff_id' in body) throw new Error('sent an id or e-mail change');
        if (body.id !== seededRow.id) throw new Error('updated another staff member');
        if (body.password !== undefined && withLogin && !body.old_password) throw new Error('new password without the current one');
        if (body.password === undefined && body.old_password !== undefined) throw new Error('current password without a new one');
        if (!withLogin && body.old_password !== undefined) throw new Error('current password asked of someone without a sign-in');
      }
      const toasts = step.actions.filter((a) => a.action === 'notifyEditFailed').length;
      if (toasts !== (step.event.type === 'xstate.error.actor.updateStaff' ? 1 : 0))
        throw new Error(`notifyEditFailed ran ${toasts} times`);
      if (!before) continue;
      if (step.event.type === 'xstate.error.actor.updateStaff' && JSON.stringify(before.form.values) !== JSON.stringify(after.form.values))
        throw new Error('the refusal changed the form');
      if (step.event.type === 'PASSWORD.TOGGLE' && (after.form.values.oldPassword !== '' || after.form.values.password !== ''))
        throw new Error('toggling the password part kept typed passwords');
      if (step.after.status === 'done' && (after.form.values.oldPassword !== '' || after.form.values.password !== ''))
        throw new Error('a password stayed in the finished machine');
    }
  },
});
