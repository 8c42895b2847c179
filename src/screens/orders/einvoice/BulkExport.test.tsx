import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { bulkExportMachine } from '../../../machines/orders/bulkExport.machine';
import type { BulkOutcome } from '../../../machines/orders/einvoice/bulk';
import { sampleOrder } from '../../../services/orders/samples';
import type { Order } from '../../../services/orders/schemas';
import type { EinvoiceSettings } from '../../../services/einvoice';
import { renderScreen } from '../../shared/test/render';
import { BulkBar, BulkRunDialog, PickCheckbox, PickPageCheckbox } from './BulkExport';
import { sampleSettings } from '../../../services/einvoice/samples';

afterEach(cleanup);

const settings = sampleSettings();
/** A completed, paid order without a code: one that can be exported. */
const done = (id: number, extra: Partial<Order> = {}): Order => ({
  ...sampleOrder,
  order_id: id,
  order_code: `DH${id}`,
  status: 0,
  payment_status: 1,
  eiv_code: null,
  cqt_code: null,
  is_eiv_exported: false,
  ...extra,
});
const rows = [done(1), done(2), done(3), done(4, { eiv_code: 'M1::OLD::1', is_eiv_exported: true }), done(5, { status: 1 })];

function bulkActor(exportOne: (orderId: number) => Promise<BulkOutcome>) {
  const calls: number[] = [];
  const actor = createActor(
    bulkExportMachine.provide({
      actors: {
        prepareRun: fromPromise(async () => settings),
        exportOne: fromPromise<BulkOutcome, { orderId: number; settings: EinvoiceSettings }>(({ input }) => {
          calls.push(input.orderId);
          return exportOne(input.orderId);
        }),
      },
      delays: { bulkPause: 0 },
    }),
    { input: { resume: null } },
  );
  actor.start();
  return { actor, calls };
}

async function renderList(actor: ReturnType<typeof bulkActor>['actor']) {
  await renderScreen(
    <>
      <PickPageCheckbox actor={actor} rows={rows} />
      {rows.map((order) => (
        <PickCheckbox key={order.order_id} actor={actor} order={order} />
      ))}
      <BulkBar actor={actor} />
      <BulkRunDialog actor={actor} />
    </>,
  );
}

describe('bulk e-invoice export (doc 2 §4 bulk export, §6)', () => {
  it('doc 2 §6: only completed orders without a code can be picked; the page checkbox picks those', async () => {
    const { actor } = bulkActor(async () => ({ status: 'exported', eivCode: 'x', serial: null }));
    await renderList(actor);
    expect(screen.getAllByTestId('order-pick')).toHaveLength(3);
    expect(screen.queryByRole('checkbox', { name: 'Pick order DH4 for bulk export' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Pick order DH5 for bulk export' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pick every order of this page that can be exported' }));
    expect(screen.getByTestId('bulk-bar').textContent).toContain('3 orders picked');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pick order DH2 for bulk export' }));
    expect(screen.getByTestId('bulk-bar').textContent).toContain('2 orders picked');
    expect((screen.getByTestId('order-pick-page') as HTMLInputElement).indeterminate).toBe(true);
  });

  it('doc 2 §4: one at a time, an already exported order is skipped, another error stops the run with its message; retry finishes it; issue 24 §7: each result names symbol, number and lookup code', async () => {
    let failed = false;
    const { actor, calls } = bulkActor(async (id) => {
      if (id === 2) return { status: 'skipped', eivCode: 'M1::OLD::2', serial: null };
      if (id === 3 && !failed) {
        failed = true;
        throw Object.assign(new Error('down'), { code: 'EINV_PROVIDER_DOWN' });
      }
      // The third is dated the day it is made, not at the sale (D254).
      return {
        status: 'exported',
        eivCode: `M1::NEW::${id}`,
        serial: '1C26TMS',
        ...(id === 3 ? { datedToday: Date.parse('2027-01-02T09:00:00+07:00') } : {}),
      };
    });
    await renderList(actor);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pick every order of this page that can be exported' }));
    fireEvent.click(screen.getByTestId('bulk-start'));
    const stopped = await screen.findByTestId('bulk-stopped');
    expect(stopped.textContent).toContain('The e-invoice provider is not responding.');
    expect(screen.getByTestId('bulk-progress').textContent).toBe('2/3 exported (66%)');
    const results = within(screen.getByTestId('bulk-results'));
    expect(results.getAllByTestId('bulk-result').map((row) => row.getAttribute('data-status'))).toEqual(['exported', 'skipped', 'failed']);
    // D224: each code as the merchant reads it; the skipped one's symbol is not known (the order keeps none).
    expect(results.getByText('Symbol C26TMS · No. 1 · Lookup code NEW')).toBeTruthy();
    expect(results.getByText('No. 2 · Lookup code OLD')).toBeTruthy();
    expect(within(screen.getByTestId('bulk-results')).queryByText(/::/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try the failed again' }));
    expect((await screen.findByTestId('bulk-finished')).textContent).toContain('2 exported, 1 already exported and skipped.');
    expect(screen.getByTestId('bulk-progress').textContent).toBe('3/3 exported (100%)');
    // D254: the one not dated at the sale says so, with its date; the others say nothing.
    expect(screen.getAllByTestId('bulk-dated-today').map((n) => n.textContent)).toEqual([
      "Dated 02/01/2027, not the sale's day: the provider does not take the sale's date on this series. The VAT rates are still the sale day's.",
    ]);
    // The exported and skipped orders are not sent again.
    expect(calls).toEqual([1, 2, 3, 3]);
    fireEvent.click(screen.getByTestId('bulk-close'));
    expect(screen.queryByTestId('bulk-run')).toBeNull();
  });

  it('doc 2 §4: Stop ends the run after the order under way; the orders not reached stay pending and can be retried', async () => {
    let release: () => void = () => {};
    const { actor, calls } = bulkActor(
      (id) =>
        new Promise<BulkOutcome>((resolve) => {
          release = () => resolve({ status: 'exported', eivCode: `M1::NEW::${id}`, serial: null });
        }),
    );
    await renderList(actor);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pick every order of this page that can be exported' }));
    fireEvent.click(screen.getByTestId('bulk-start'));
    const stop = await screen.findByTestId('bulk-stop');
    expect(screen.queryByTestId('bulk-close')).toBeNull();
    await vi.waitFor(() => expect(calls).toEqual([1]));
    fireEvent.click(stop);
    expect((screen.getByTestId('bulk-stop') as HTMLButtonElement).disabled).toBe(true);
    release();
    expect((await screen.findByTestId('bulk-stopped')).textContent).toContain('the orders not reached are still pending');
    expect(calls).toEqual([1]);
    expect(screen.getAllByTestId('bulk-result').map((row) => row.getAttribute('data-status'))).toEqual(['exported', 'pending', 'pending']);
    expect(screen.getByRole('button', { name: 'Try the failed again' })).toBeTruthy();
  });
});
