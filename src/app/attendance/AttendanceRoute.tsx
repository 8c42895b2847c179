import { useMemo } from 'react';
import { Route, Routes } from 'react-router-dom';
import { attendanceListMachine } from '../../machines/attendance/attendanceList.machine';
import { attendanceUrl } from '../../machines/attendance/rules/attendanceUrl';
import { createAttendanceActors, createAttendanceApi, type AttendanceActors } from '../../services/attendance';
import { AttendanceListScreen } from '../../screens/attendance/AttendanceListScreen';
import { NotFound } from '../../screens/shared/NotFound';
import { notify } from '../shared/notify';
import { getRuntime } from '../shared/runtime';
import { useListPage } from '../shared/use-list-page';

/**
 * /attendance (doc 2 §2 attendance list; D137): the check-in machine wired to the sale service's client.
 * The page and size live in the address (doc 2 §9 defaults left out).
 */

let actors: AttendanceActors | null = null;
function attendanceActors(): AttendanceActors {
  actors ??= createAttendanceActors(createAttendanceApi(getRuntime().clients.sale));
  return actors;
}

function AttendanceListPage() {
  const logic = useMemo(() => {
    const { loadAttendance, deleteAttendance } = attendanceActors();
    return attendanceListMachine.provide({
      actors: { loadPage: loadAttendance, deleteRow: deleteAttendance },
      actions: {
        // doc 2 §8: the success toast names the card id.
        notifyDeleted: (_, p) =>
          notify.success({
            title: 'attendance:delete.successTitle',
            message: 'attendance:delete.successBody',
            values: { card: p.row.card_id },
          }),
        notifyDeleteFailed: (_, p) => notify.failure('attendance:delete.failTitle', p.code),
      },
    });
  }, []);
  const actor = useListPage(logic, attendanceUrl);

  return <AttendanceListScreen actor={actor} />;
}

export default function AttendanceRoute() {
  return (
    <Routes>
      <Route index element={<AttendanceListPage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
