import { useActorRef } from '@xstate/react';
import { dashboardMachine } from '../../machines/dashboard/dashboard.machine';
import { vnToday } from '../../rules/timeRange';
import { DashboardScreen } from '../../screens/dashboard/DashboardScreen';
import { useAreaActors, useRuntime } from '../shared/composition';
import { reportsActorsOf } from '../reports';

/** The dashboard wired to its stream (core §7 GET /dashboard-data). */
export default function DashboardRoute() {
  const { streamDashboard } = useAreaActors(reportsActorsOf);
  const { inspect } = useRuntime();
  const actor = useActorRef(dashboardMachine.provide({ actors: { streamDashboard } }), {
    input: { today: vnToday(Date.now()) },
    inspect,
  });
  return <DashboardScreen actor={actor} />;
}
