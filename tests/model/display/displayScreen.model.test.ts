import { displayScreenMachine, type DisplayScreenContext } from '../../../src/machines/display/displayScreen.machine';
import type { DisplayMessage } from '../../../src/services/display/messages';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const order = {
  order_code: 'DH0007',
  table_name: 'Bàn 2',
  updated_at: 1_790_000_000,
  point: 0,
  sub_total: 40_000,
  total: 40_000,
  lines: [{ name: 'Phở', amount: 1, price: 40_000 }],
};
const message = (seq: number, rest: Omit<DisplayMessage, 'v' | 'seq' | 'at'>): SampleEvent => ({
  type: 'MESSAGE',
  message: { v: 1, seq, at: seq, ...rest },
});

// Seqs in the order a cashier would send them; any older one delivered later must change nothing.
const events: SampleEvent[] = [
  message(10, { kind: 'idle' }),
  message(20, { kind: 'order', order }),
  message(30, { kind: 'pay', order, pay: { method: 'QR', qr: '00020101021238', amount: 40_000 } }),
  message(40, { kind: 'success', order }),
  message(50, { kind: 'order' }), // an order message without an order: nothing to show, ignored
  message(60, { kind: 'idle' }),
  { type: 'LINK.STATE', state: 'connected' },
  { type: 'LINK.STATE', state: 'revoked' },
  { type: 'xstate.after.recoverWait.displayScreen.recovering' },
  { type: 'xstate.after.successPause.displayScreen.success' },
];

const project = ((c: DisplayScreenContext) => ({ seq: c.lastSeq, kind: c.message?.kind ?? null, link: c.link })) as (
  context: never,
) => unknown;

describeModel({
  name: 'displayScreen',
  machine: displayScreenMachine,
  promiseActors: [],
  callbackActors: ['listen', 'keepAwake'],
  variants: [{ events, project }],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before;
      if (!before || step.event.type !== 'MESSAGE') continue;
      const incoming = (step.event as unknown as { message: DisplayMessage }).message;
      const after = step.after;
      if (incoming.seq <= before.context.lastSeq) {
        // Newest wins: a stale message neither moves the screen nor replaces what it shows.
        if (JSON.stringify(after.value) !== JSON.stringify(before.value)) throw new Error(`stale seq ${incoming.seq} moved the screen`);
        if (after.context.message !== before.context.message) throw new Error('stale message replaced the shown one');
        continue;
      }
      const expected = { idle: 'slide', order: 'orderInfo', pay: 'orderInfo', success: 'success' }[incoming.kind];
      if (incoming.kind === 'order' && !incoming.order) {
        if (after.context.lastSeq !== before.context.lastSeq) throw new Error('an empty order message was taken');
        continue;
      }
      if (!after.matches(expected)) throw new Error(`${incoming.kind} did not show ${expected}`);
      if (after.context.message?.seq !== incoming.seq) throw new Error('the shown message is not the newest');
    }
  },
});
