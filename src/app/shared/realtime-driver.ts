import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { connectionStatusOf, realtimeConnectionMachine } from '../../machines/notifications/realtimeConnection.machine';
import type { CreateConnectionDriver } from '../../services/realtime/connection';

/**
 * The realtimeConnection machine as the driver of one socket (src/services/realtime/connection.ts):
 * the socket reports what happened, the machine decides when to open, retry and renew.
 */
export function realtimeConnectionDriver(inspect?: (event: InspectionEvent) => void): CreateConnectionDriver {
  return (ports) => {
    const actor = createActor(
      realtimeConnectionMachine.provide({
        actions: {
          openSocket: () => ports.openSocket(),
          closeSocket: () => ports.closeSocket(),
          notifyConnected: (_, params) => ports.notifyConnected(params),
        },
        actors: {
          renewToken: fromPromise<void, { code: string }>(({ input }) => ports.renewToken(input.code)),
        },
      }),
      inspect ? { inspect } : {},
    );
    actor.subscribe((snapshot) => ports.onStatus(connectionStatusOf(snapshot)));
    actor.start();
    return {
      send: (signal) => actor.send(signal),
      status: () => connectionStatusOf(actor.getSnapshot()),
    };
  };
}
