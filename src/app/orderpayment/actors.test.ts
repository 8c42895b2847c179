import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { DisplayInput, DisplaySender } from '../../services/display';
import { openOrder } from '../../../tests/model/orderpayment/fixtures';
import { customerDisplayActor } from './actors';

/** D280: what the payment machine tells the guest's screen reaches it once, and the screen goes idle when the machine stops. */
function setup() {
  const sent: DisplayInput[] = [];
  const sender: DisplaySender = {
    send: vi.fn((input: DisplayInput) => {
      sent.push(input);
      return null;
    }),
    last: () => null,
    close: () => {},
  };
  const actor = createActor(customerDisplayActor(sender)).start();
  return { actor, sent };
}

describe('customer display actor', () => {
  it('shows nothing before the order is read, then each view once, and idle when stopped', () => {
    const { actor, sent } = setup();
    actor.send({ type: 'DISPLAY.SHOW', view: { kind: 'order' }, detail: null });
    expect(sent).toEqual([]);

    actor.send({ type: 'DISPLAY.SHOW', view: { kind: 'order' }, detail: openOrder });
    actor.send({ type: 'DISPLAY.SHOW', view: { kind: 'order' }, detail: openOrder });
    actor.send({ type: 'DISPLAY.SHOW', view: { kind: 'pay', method: 'QR', qr: '000201QR' }, detail: openOrder });
    actor.send({ type: 'DISPLAY.SHOW', view: { kind: 'success' }, detail: openOrder });
    expect(sent.map((m) => m.kind)).toEqual(['order', 'pay', 'success']);
    const pay = sent[1] as Extract<DisplayInput, { kind: 'pay' }>;
    expect(pay.pay).toEqual({ method: 'QR', qr: '000201QR', amount: openOrder.invoice_data.total_price });

    actor.stop();
    expect(sent.map((m) => m.kind)).toEqual(['order', 'pay', 'success', 'idle']);
  });
});
