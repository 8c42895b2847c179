import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { orderVoidMachine, type VoidOrderInput } from '../../machines/orders/orderVoid.machine';
import type { OrderDetail } from '../../services/orders/schemas';
import { sampleOrder as order } from '../../services/orders/samples';
import { renderScreen } from '../shared/test/render';
import { OrderVoidControl, OrderVoidedNotice } from './OrderVoid';

afterEach(cleanup);

const voided = { voided_at: 1_780_000_100, voided_by: 'Chủ quán', reason: 'OTHER' as const, note: 'Khách đổi ý' };

function voidActor(answer: (input: VoidOrderInput) => Promise<OrderDetail>) {
  const sent: VoidOrderInput[] = [];
  const actor = createActor(
    orderVoidMachine.provide({
      actors: {
        voidOrder: fromPromise<OrderDetail, VoidOrderInput>(async ({ input }) => {
          sent.push(input);
          return answer(input);
        }),
      },
    }),
    { input: { orderId: 41 } },
  ).start();
  return { actor, sent };
}

describe('D301: voiding an order (issue 27 §1)', () => {
  for (const [language, texts] of [
    [
      'vi',
      {
        open: 'Huỷ đơn',
        other: 'Lý do khác',
        submit: 'Huỷ đơn này',
        noteRequired: 'Hãy ghi ngắn gọn lý do.',
        paid: 'đã được thanh toán',
        retry: 'Thử lại',
      },
    ],
    [
      'en',
      {
        open: 'Void order',
        other: 'Other',
        submit: 'Void the order',
        noteRequired: 'Say why in a few words.',
        paid: 'has been paid',
        retry: 'Try again',
      },
    ],
  ] as const) {
    it(`${language}: "Other" needs words; a refusal is explained and keeps the reason; retry sends the same key`, async () => {
      let refuse = true;
      const { actor, sent } = voidActor(async () => {
        if (refuse) throw Object.assign(new Error('paid'), { code: 'ORDER_PAID', status: 409 });
        return { invoice_data: { ...order, status: 3, voided }, products_data: [] };
      });
      await renderScreen(<OrderVoidControl actor={actor} order={order} owner />, { language });
      fireEvent.click(screen.getByRole('button', { name: texts.open }));
      fireEvent.click(await screen.findByRole('radio', { name: texts.other }));
      fireEvent.click(screen.getByRole('button', { name: texts.submit }));
      expect(await screen.findByText(texts.noteRequired)).toBeTruthy();
      expect(sent).toHaveLength(0);
      fireEvent.change(screen.getByTestId('order-void-note'), { target: { value: 'Khách đổi ý' } });
      fireEvent.click(screen.getByRole('button', { name: texts.submit }));
      expect((await screen.findByTestId('order-void-error')).textContent).toContain(texts.paid);
      expect((screen.getByTestId('order-void-note') as HTMLTextAreaElement).value).toBe('Khách đổi ý');
      refuse = false;
      fireEvent.click(screen.getByRole('button', { name: texts.retry }));
      await waitFor(() => expect(actor.getSnapshot().hasTag('voided')).toBe(true));
      expect(sent.map((s) => s.key)).toEqual([sent[0]!.key, sent[0]!.key]);
      expect(sent[0]).toMatchObject({ orderId: 41, reason: 'OTHER', note: 'Khách đổi ý' });
    });
  }

  it('D310: a staff-type user may ask to void and reads that the owner approves it; a voided order says who, when and why', async () => {
    const { actor } = voidActor(async () => ({ invoice_data: order, products_data: [] }));
    await renderScreen(
      <>
        <OrderVoidControl actor={actor} order={order} owner={false} />
        <OrderVoidedNotice order={{ ...order, status: 3, voided }} />
      </>,
      { language: 'en' },
    );
    expect(screen.getByRole('button', { name: 'Void order' })).toBeTruthy();
    expect(screen.getByTestId('order-void-owner-only').textContent).toContain('needs the owner’s approval');
    expect(screen.getByTestId('order-voided-by').textContent).toContain('Chủ quán');
    expect(screen.getByTestId('order-voided-reason').textContent).toBe('Reason: Other');
  });
});
