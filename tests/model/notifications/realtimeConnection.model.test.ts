import {
  OFFLINE_AFTER_ATTEMPTS,
  realtimeConnectionMachine,
  type RealtimeConnectionContext,
} from '../../../src/machines/notifications/realtimeConnection.machine';
import { networkError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const events: SampleEvent[] = [
  { type: 'START' },
  { type: 'STOP' },
  { type: 'SOCKET.CONNECTED', recovered: true },
  { type: 'SOCKET.CONNECTED', recovered: false },
  { type: 'SOCKET.DISCONNECTED', reason: 'transport close', jitter: 0.75 },
  { type: 'SOCKET.CONNECT_ERROR', code: 'TOKEN_EXPIRED', jitter: 0.5 },
  { type: 'SOCKET.CONNECT_ERROR', code: 'NETWORK_ERROR', jitter: 0.25 },
  { type: 'xstate.done.actor.renewToken', output: undefined },
  { type: 'xstate.error.actor.renewToken', error: networkError },
  { type: 'BROWSER.OFFLINE' },
  { type: 'BROWSER.ONLINE' },
  { type: 'RETRY' },
];

// attempt grows without bound while offline; past the threshold every value behaves the same.
const project = (c: RealtimeConnectionContext) => ({
  attempt: Math.min(c.attempt, OFFLINE_AFTER_ATTEMPTS),
  tokenRenewals: c.tokenRenewals,
  connectedOnce: c.connectedOnce,
});

describeModel({
  name: 'realtimeConnection',
  machine: realtimeConnectionMachine,
  promiseActors: ['renewToken'],
  spyActions: ['openSocket', 'closeSocket', 'notifyConnected'],
  variants: [{ events, project: project as (context: never) => unknown }],
  check(outcome) {
    for (const [index, step] of outcome.steps.entries()) {
      const fail = (message: string) => {
        throw new Error(`step ${index} (${step.event.type}): ${message}`);
      };
      const before = step.before?.context as RealtimeConnectionContext | undefined;
      const called = (name: string) => step.actions.filter((call) => call.action === name);
      if (step.after.matches('connecting') && !step.before?.matches('connecting') && called('openSocket').length !== 1) {
        fail('entering connecting must open the socket once');
      }
      if (step.event.type === 'SOCKET.CONNECTED' && !step.before?.matches('connected') && !step.before?.matches('idle')) {
        const [call] = called('notifyConnected');
        const params = call?.params as { first: boolean; recovered: boolean } | undefined;
        if (!params) fail('a connection was not reported');
        if (params!.first !== !before!.connectedOnce) fail('first is wrong');
        if (params!.recovered !== (step.event as unknown as { recovered: boolean }).recovered) fail('recovered is wrong');
      }
      if (step.event.type === 'STOP' && step.before && !step.before.matches('idle') && called('closeSocket').length !== 1) {
        fail('stopping must close the socket');
      }
      if (step.event.type === 'SOCKET.CONNECT_ERROR' && step.after.matches('renewingToken') && step.invoked.length !== 1) {
        fail('TOKEN_EXPIRED must ask for a token');
      }
    }
  },
});
