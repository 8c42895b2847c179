import { connectionCheckMachine, type ConnectionCheckContext } from '../../../src/machines/edc/connectionCheck.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { posOnline } from './fixtures';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const events: SampleEvent[] = [
  { type: 'CHECK' },
  { type: 'RETRY' },
  { type: 'POLL.START' },
  { type: 'POLL.STOP' },
  { type: 'xstate.done.actor.checkStatus', output: 'ONLINE' },
  { type: 'xstate.done.actor.checkStatus', output: 'OFFLINE' },
  { type: 'xstate.done.actor.checkStatus', output: 'NOT_CONNECTED' },
  { type: 'xstate.error.actor.checkStatus', error: networkError },
  { type: 'xstate.error.actor.checkStatus', error: serviceError('BAD_REQUEST', 404) },
  // The traversal takes the delays as events; the replay advances the simulated clock instead.
  { type: 'xstate.after.checkTimeout.connectionCheck.checking' },
  { type: 'xstate.after.pollInterval.connectionCheck.shown' },
];

const project = ((c: ConnectionCheckContext) => ({ status: c.status, error: c.errorCode, polling: c.polling })) as (
  context: never,
) => unknown;

describeModel({
  name: 'connectionCheck',
  machine: connectionCheckMachine,
  promiseActors: ['checkStatus'],
  variants: [
    { variant: 'on demand', input: { serialNumber: posOnline.serial_number }, events, project },
    { variant: 'detail opened', input: { serialNumber: posOnline.serial_number, checkOnStart: true }, events, project },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      for (const call of step.invoked) {
        if ((call.input as { serialNumber: string }).serialNumber !== posOnline.serial_number) throw new Error('checked another machine');
      }
      const after = step.after;
      // What the screen shows must match the answer: a result state names the status it holds.
      if (after.matches({ shown: 'online' }) && after.context.status !== 'ONLINE') throw new Error('online without ONLINE');
      if (after.matches({ shown: 'offline' }) && after.context.status !== 'OFFLINE') throw new Error('offline without OFFLINE');
      if (after.matches({ shown: 'notConnected' }) && after.context.status !== 'NOT_CONNECTED')
        throw new Error('notConnected without NOT_CONNECTED');
      if (after.matches('failed') && !after.context.errorCode) throw new Error('failed without a reason');
      if (
        step.event.type.startsWith('xstate.after.checkTimeout') &&
        step.before?.matches('checking') &&
        after.context.errorCode !== 'TIMEOUT'
      ) {
        throw new Error('a time-out is not reported as TIMEOUT');
      }
      if (step.event.type.startsWith('xstate.after.pollInterval') && step.before?.matches('shown')) {
        const polled = step.invoked.length > 0;
        if (polled !== step.before.context.polling)
          throw new Error(`poll interval ${polled ? 'checked while polling was off' : 'did not check while polling'}`);
      }
    }
  },
});
