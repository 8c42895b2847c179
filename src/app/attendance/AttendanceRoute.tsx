import { useMemo } from 'react';
import { Route, Routes } from 'react-router-dom';
import { attendanceListMachine } from '../../machines/attendance/attendanceList.machine';
import { attendanceUrl } from '../../machines/attendance/rules/attendanceUrl';
import { AttendanceListScreen } from '../../screens/attendance/AttendanceListScreen';
import { NotFound } from '../../screens/shared/NotFound';
import { notify } from '../shared/notify';
import { useAreaActors } from '../shared/composition';
import { attendanceActorsOf } from './actors';
import { useListPage } from '../shared/use-list-page';

/**
 * /attendance (doc 2 §2 attendance list; D137): the check-in machine wired to the sale service's client.
 * The page and size live in the address (doc 2 §9 defaults left out).
 */

function AttendanceListPage() {
  const a = useAreaActors(attendanceActorsOf);
  const logic = useMemo(() => {
    const { loadAttendance, deleteAttendance } = a;
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
  }, [a]);
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
