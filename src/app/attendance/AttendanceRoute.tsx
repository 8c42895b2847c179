import { useEffect, useMemo, useRef } from 'react';
import { useActorRef } from '@xstate/react';
import { Route, Routes, useSearchParams } from 'react-router-dom';
import { attendanceListMachine } from '../../machines/attendance/attendanceList.machine';
import { attendanceQueryFromSearchParams, attendanceQueryToSearchParams } from '../../machines/attendance/rules/attendanceUrl';
import { createAttendanceActors, createAttendanceApi, type AttendanceActors } from '../../services/attendance';
import { AttendanceListScreen } from '../../screens/attendance/AttendanceListScreen';
import { NotFound } from '../../screens/shared/NotFound';
import { notify } from '../shared/notify';
import { getRuntime } from '../shared/runtime';

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
  const [params, setParams] = useSearchParams();
  const { inspect } = getRuntime();
  const initialQuery = useMemo(() => attendanceQueryFromSearchParams(params), []); // eslint-disable-line react-hooks/exhaustive-deps
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
  const actor = useActorRef(logic, { input: { query: initialQuery }, inspect });

  // Machine → address: each applied change is a history entry, so Back steps through them.
  const lastWritten = useRef(attendanceQueryToSearchParams(initialQuery).toString());
  useEffect(() => {
    const sub = actor.subscribe((snap) => {
      const next = attendanceQueryToSearchParams({ page: snap.context.page, pageSize: snap.context.pageSize }).toString();
      if (next === lastWritten.current) return;
      lastWritten.current = next;
      setParams(new URLSearchParams(next));
    });
    return () => sub.unsubscribe();
  }, [actor, setParams]);

  // Address → machine: Back, Forward or an edited address.
  const current = params.toString();
  useEffect(() => {
    const parsed = attendanceQueryFromSearchParams(new URLSearchParams(current));
    const normalised = attendanceQueryToSearchParams(parsed).toString();
    if (normalised === lastWritten.current) return;
    lastWritten.current = normalised;
    actor.send({ type: 'QUERY.REPLACE', query: parsed });
  }, [actor, current]);

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
