import { useActorRef } from '@xstate/react';
import { dashboardMachine } from '../../machines/dashboard/dashboard.machine';
import { vnToday } from '../../rules/timeRange';
import { DashboardScreen } from '../../screens/dashboard/DashboardScreen';
import { getRuntime } from '../shared/runtime';
import { reportActors } from '../reports';

/** The dashboard wired to its stream (core §7 GET /dashboard-data). */
export default function DashboardRoute() {
  const { streamDashboard } = reportActors();
  const { inspect } = getRuntime();
  const actor = useActorRef(dashboardMachine.provide({ actors: { streamDashboard } }), {
    input: { today: vnToday(Date.now()) },
    inspect,
  });
  return <DashboardScreen actor={actor} />;
}
