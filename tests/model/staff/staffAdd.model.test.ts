import { newStaffBody, staffAddKit, staffAddMachine, type StaffAddContext } from '../../../src/machines/staff/staffAdd.machine';
import { hasStaffErrors, validateStaffAdd } from '../../../src/rules/staff/staff';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { addedRow } from './fixtures';

// Each field once right and once wrong (core §5); the valid values together make a form that passes.
const events: SampleEvent[] = [
  { type: 'FIELD.CHANGE', field: 'staffId', value: 'NV009' },
  { type: 'FIELD.CHANGE', field: 'fullName', value: 'Nguyễn Thị Hồng' },
  { type: 'FIELD.CHANGE', field: 'fullName', value: 'Hồng 2' },
  { type: 'FIELD.CHANGE', field: 'phone', value: '+84 981 234 567' },
  { type: 'FIELD.CHANGE', field: 'email', value: 'hong@staff.example.vn' },
  { type: 'FIELD.CHANGE', field: 'address', value: '12 Hàng Bạc' },
  { type: 'FIELD.CHANGE', field: 'password', value: 'Secret1' },
  { type: 'FIELD.CHANGE', field: 'password', value: '12345' },
  { type: 'FIELD.CHANGE', field: 'storeId', value: '2' },
  { type: 'FIELD.BLUR', field: 'phone' },
  { type: 'SUBMIT' },
  { type: 'CANCEL' },
  { type: 'xstate.done.actor.addStaff', output: addedRow },
  { type: 'xstate.error.actor.addStaff', error: serviceError('EMAIL_IS_EXIST', 409) },
  { type: 'xstate.error.actor.addStaff', error: networkError },
];

/**
 * What decides the next step: how many fields would fail (seven fields' every combination would
 * exceed the traversal; the count still leads to a form that passes), messages shown, the last refusal.
 */
function project(c: StaffAddContext) {
  return { failing: Object.keys(staffAddKit.errors(c.form.values)).length, showErrors: c.form.showErrors, submitError: c.form.saveError };
}

describeModel({
  name: 'staffAdd',
  machine: staffAddMachine,
  promiseActors: ['addStaff'],
  spyActions: ['notifyAdded', 'notifyAddFailed'],
  variants: [{ events, project: project as (context: never) => unknown }],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as StaffAddContext | undefined;
      const after = step.after.context as StaffAddContext;
      for (const call of step.invoked) {
        if (call.id !== 'addStaff') continue;
        // Only a valid form is sent, every field filled (core §5 all required on add), the phone national.
        if (hasStaffErrors(validateStaffAdd(after.form.values)))
          throw new Error(`sent an invalid form ${JSON.stringify(after.form.values)}`);
        const body = call.input as ReturnType<typeof newStaffBody>;
        if (JSON.stringify(body) !== JSON.stringify(newStaffBody(after.form.values))) throw new Error('the request differs from the form');
        if (body.phone !== '0981234567') throw new Error(`phone sent as ${body.phone}`);
        if (Object.values(body).some((v) => v === '' || v === null)) throw new Error('an empty field was sent');
      }
      const toasts = step.actions.filter((a) => a.action === 'notifyAddFailed').length;
      if (toasts !== (step.event.type === 'xstate.error.actor.addStaff' ? 1 : 0)) throw new Error(`notifyAddFailed ran ${toasts} times`);
      if (!before) continue;
      if (step.event.type === 'xstate.error.actor.addStaff') {
        // A refusal keeps every typed value, the password included, and shows the code.
        if (JSON.stringify(before.form.values) !== JSON.stringify(after.form.values)) throw new Error('the refusal changed the form');
        if (after.form.saveError !== (step.event as unknown as { error: { code: string } }).error.code)
          throw new Error('the refusal is not shown');
      }
      // Once used or abandoned, the password is not kept.
      if (step.after.status === 'done' && after.form.values.password !== '') throw new Error('the password stayed in the finished machine');
      const added = step.actions.filter((a) => a.action === 'notifyAdded').length;
      if (added !== (step.after.matches('added') && !step.before?.matches('added') ? 1 : 0))
        throw new Error(`notifyAdded ran ${added} times`);
    }
  },
});
