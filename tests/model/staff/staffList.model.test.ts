import { staffList, staffListMachine } from '../../../src/machines/staff/staffList.machine';
import type { StaffRow } from '../../../src/services/staff/schemas';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeListModel } from '../shared/list';
import { addedRow, emptyPage, lastRowPage, twoPages } from './fixtures';

describeListModel<StaffRow>({
  name: 'staffList',
  machine: staffListMachine,
  list: staffList,
  samples: {
    page: twoPages,
    emptyPage,
    lastRowPage,
    loadError: serviceError('PERMISSION_DENY', 403),
    pageSize: { accepted: 25, refused: 7 },
    delete: {
      row: addedRow,
      errors: [
        serviceError('STAFF_LINK_VA', 409, { staff_id: 'NV009', staff_name: 'Nguyễn Thị Hồng' }),
        serviceError('USER_INCORRECT', 404),
        networkError,
      ],
    },
  },
  check(outcome) {
    for (const step of outcome.steps) {
      for (const call of step.invoked) {
        if (call.id === 'deleteRow' && (call.input as { id: number }).id !== addedRow.id) throw new Error('deleted another row');
      }
      // core §8 "delete staff fail": a failure closes the dialog (deletion 'close') and says why in one toast.
      if (step.event.type === 'xstate.error.actor.deleteRow') {
        const code = (step.event as unknown as { error: { code: string } }).error.code;
        const toasts = step.actions.filter((a) => a.action === 'notifyDeleteFailed');
        if (toasts.length !== 1 || (toasts[0]!.params as { code: string }).code !== code)
          throw new Error(`${code}: ${toasts.length} toasts`);
        if (step.after.hasTag('confirming') || step.after.hasTag('deleting')) throw new Error('a failed delete kept the dialog open');
      }
    }
  },
});
