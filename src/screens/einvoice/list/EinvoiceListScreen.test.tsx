import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { einvoiceListMachine } from '../../../machines/einvoice/einvoiceList.machine';
import { invoicePdfMachine } from '../../../machines/einvoice/invoicePdf.machine';
import { invoiceSignMachine } from '../../../machines/einvoice/invoiceSign.machine';
import { invoiceCorrectMachine } from '../../../machines/einvoice/invoiceCorrect.machine';
import type { CorrectionDraft } from '../../../services/einvoice/list/schemas';
import type { ExportResult } from '../../../services/einvoice/core/types';
import type { EinvoiceListPage, EinvoiceListRow, EinvoiceQuery } from '../../../services/einvoice/list/schemas';
import { renderScreen } from '../../shared/test/render';
import { EinvoiceListScreen } from './EinvoiceListScreen';

afterEach(cleanup);

const provider = { route: 'm-invoice' as const, name: 'M-Invoice', features: ['invoices', 'view', 'sign'] as const, invoiceLookupUrl: '' };

const row = (seq: number, signable: boolean, buyerName = 'Khách lẻ'): EinvoiceListRow => ({
  provider: 'm-invoice',
  invoice: {
    id: `id-${seq}`,
    serial: '1C26TMV',
    seq,
    invoiceDate: Date.UTC(2026, 10, 20, 3),
    taxAuthorityCode: signable ? null : '00ABCDEF',
    searchCode: 'K7Q2M9XRTA',
    buyerName,
    vat: 140_741,
    total: 1_900_000,
    status: '0',
    statusReceived: signable ? '1' : '4',
  },
  cqt: signable ? { labelKey: 'status.cqt.pendingSignature', color: 'orange' } : { labelKey: 'status.cqt.success', color: 'green' },
  status: { labelKey: 'status.invoice.original', color: 'blue' },
  signable,
  viewable: true,
  correctable: !signable,
  correctedBy: [],
  totalAfter: null,
});

const page = (rows: EinvoiceListRow[]): EinvoiceListPage => ({
  rows,
  totalPage: 1,
  total: rows.length,
  provider: { ...provider, features: [...provider.features] },
});

const corrected: ExportResult = { eivCode: '00ABCDEF::K7Q2M9XRTA::3', serial: '1C26TMV', providerId: 'k', existing: false };

function listActor(
  load: (q: EinvoiceQuery) => Promise<EinvoiceListPage>,
  sign = vi.fn(async () => undefined),
  correct = vi.fn(async (_draft: CorrectionDraft): Promise<ExportResult> => corrected),
) {
  const loads: EinvoiceQuery[] = [];
  const actor = createActor(
    einvoiceListMachine.provide({
      actors: {
        loadPage: fromPromise<EinvoiceListPage, EinvoiceQuery>(({ input }) => {
          loads.push(input);
          return load(input);
        }),
        invoicePdf: invoicePdfMachine.provide({
          actors: { loadPdf: fromPromise<Blob, { row: EinvoiceListRow }>(async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' })) },
        }),
        invoiceSign: invoiceSignMachine.provide({
          actors: { signInvoice: fromPromise<void, { row: EinvoiceListRow }>(async () => sign()) },
        }),
        invoiceCorrect: invoiceCorrectMachine.provide({
          actors: {
            correctInvoice: fromPromise<ExportResult, { row: EinvoiceListRow; draft: CorrectionDraft }>(async ({ input }) =>
              correct(input.draft),
            ),
          },
        }),
      },
    }),
    { input: { today: '2026-11-24' } },
  );
  actor.start();
  return { actor, loads, sign, correct };
}

describe('/e-invoice screen (doc 2 §2, §4)', () => {
  it('shows the rows with their status labels, and Sign only on a row the provider lets sign', async () => {
    const { actor } = listActor(async () => page([row(1, true), row(2, false, '<b>Công ty Lan</b>')]));
    await renderScreen(<EinvoiceListScreen actor={actor} settingHref="/e-inv-setting" nowMs={Date.UTC(2026, 10, 24, 3)} />);
    const table = await screen.findByRole('table', { name: 'E-invoices' });
    const rows = await within(table).findAllByTestId('data-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Pending signature')).toBeTruthy();
    // D224: the serial written as its symbol, as the setup and the exports write it.
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('C26TMV');
    expect(within(rows[0]!).getByRole('button', { name: 'Sign invoice C26TMV no. 1' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: /^Sign/ })).toBeNull();
    // Provider text is text, never markup.
    expect(within(rows[1]!).getByText('<b>Công ty Lan</b>')).toBeTruthy();
    expect(screen.getByTestId('einvoice-provider').textContent).toContain('M-Invoice');
  });

  it('not set up: the setting link instead of a retry, and no table', async () => {
    const { actor } = listActor(async () => {
      // What the service rejects with (a ServiceError carries the same code).
      throw Object.assign(new Error('EINV_NOT_SET_UP'), { code: 'EINV_NOT_SET_UP', status: 400 });
    });
    await renderScreen(<EinvoiceListScreen actor={actor} settingHref="/e-inv-setting" nowMs={Date.now()} />);
    const link = await screen.findByTestId('einvoice-setting-link');
    expect(link.getAttribute('href')).toBe('/e-inv-setting');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('sign: the question of doc 2 §4, then the call, then the list again', async () => {
    const { actor, loads, sign } = listActor(async () => page([row(1, true)]));
    await renderScreen(<EinvoiceListScreen actor={actor} settingHref="/e-inv-setting" nowMs={Date.now()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign invoice C26TMV no. 1' }));
    const dialog = await screen.findByTestId('einvoice-sign-dialog');
    expect(dialog.textContent).toContain('Do you want to sign this invoice and send it to CQT?');
    fireEvent.click(within(dialog).getByTestId('sign-confirm'));
    await waitFor(() => expect(sign).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(loads).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('einvoice-sign-dialog')).toBeNull());
  });

  it('view: the PDF in a frame from a blob: URL, with its buttons', async () => {
    const created: string[] = [];
    const original = URL.createObjectURL;
    const originalRevoke = URL.revokeObjectURL;
    URL.createObjectURL = () => {
      created.push('blob:test/1');
      return 'blob:test/1';
    };
    URL.revokeObjectURL = () => {};
    try {
      const { actor } = listActor(async () => page([row(1, true)]));
      await renderScreen(<EinvoiceListScreen actor={actor} settingHref="/e-inv-setting" nowMs={Date.now()} />);
      fireEvent.click(await screen.findByRole('button', { name: 'View invoice C26TMV no. 1' }));
      const frame = await screen.findByTestId('einvoice-pdf-frame');
      expect(frame.getAttribute('src')).toBe('blob:test/1');
      for (const id of ['pdf-refresh', 'pdf-open-tab', 'pdf-download', 'pdf-print']) expect(screen.getByTestId(id)).toBeTruthy();
      // The sign popup cannot open over it.
      actor.send({ type: 'SIGN.OPEN', row: row(1, true) });
      expect(screen.queryByTestId('einvoice-sign-dialog')).toBeNull();
    } finally {
      URL.createObjectURL = original;
      URL.revokeObjectURL = originalRevoke;
    }
  });
});

describe('/e-invoice screen: an original and its corrections (D243)', () => {
  it('issue 25 §5: the original and its adjustment together, each naming the other, the original with its total after adjustment', async () => {
    const original = { ...row(1, false), correctedBy: [{ kind: 'adjust' as const, serial: '1C26TMV', seq: 2 }], totalAfter: 1_875_000 };
    const adjustment = row(2, false);
    adjustment.invoice = {
      ...adjustment.invoice,
      total: -25_000,
      corrects: { kind: 'adjust', adjustKind: 'amount', serial: '1C26TMV', seq: 1, invoiceDate: 0, reason: 'Khách trả lại 1 chai bia' },
    };
    const { actor } = listActor(async () => page([original, adjustment]));
    await renderScreen(<EinvoiceListScreen actor={actor} settingHref="/e-inv-setting" nowMs={Date.UTC(2026, 10, 24, 3)} />);
    const table = await screen.findByRole('table', { name: 'E-invoices' });
    const rows = await within(table).findAllByTestId('data-row');
    expect(within(rows[0]!).getByTestId('einvoice-corrected-by').textContent).toBe('Adjusted by C26TMV no. 2');
    expect(within(rows[0]!).getByTestId('einvoice-total-after').textContent).toMatch(/^After adjustment: 1[.,]875[.,]000$/);
    expect(within(rows[1]!).getByTestId('einvoice-corrects').textContent).toBe('Adjusts C26TMV no. 1');
    expect(within(rows[1]!).getByText('Reason: Khách trả lại 1 chai bia')).toBeTruthy();
  });

  it('issue 25 §5: a refund-shaped adjustment from the list: the reason is required, the review shows the difference, one key, a refusal said in the dialog with the text kept', async () => {
    const refusal = Object.assign(new Error('refused'), { code: 'EINV_CORRECTION_REFUSED', data: { reason: 'replaced' } });
    const correct = vi.fn(async (_draft: CorrectionDraft): Promise<ExportResult> => corrected).mockRejectedValueOnce(refusal);
    const { actor, loads } = listActor(async () => page([row(1, true), row(2, false)]), undefined, correct);
    await renderScreen(
      <EinvoiceListScreen actor={actor} settingHref="/e-inv-setting" nowMs={Date.UTC(2026, 10, 24, 3)} newKey={() => 'k'.repeat(36)} />,
    );
    // Not issued yet: no correction offered; issued: offered.
    await screen.findByRole('button', { name: 'Adjust or replace invoice C26TMV no. 2' });
    expect(screen.queryByRole('button', { name: 'Adjust or replace invoice C26TMV no. 1' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Adjust or replace invoice C26TMV no. 2' }));
    const dialog = await screen.findByTestId('einvoice-correct-dialog');
    fireEvent.change(within(dialog).getByLabelText('Item'), { target: { value: 'Bia Hà Nội' } });
    fireEvent.change(within(dialog).getByLabelText('Unit price (VAT included)'), { target: { value: '25000' } });
    fireEvent.click(within(dialog).getByTestId('correct-review'));
    expect(await within(dialog).findByText('Enter the reason.')).toBeTruthy();
    expect(correct).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByTestId('correct-reason'), { target: { value: 'Khách trả lại 1 chai bia' } });
    fireEvent.click(within(dialog).getByTestId('correct-review'));
    const summary = await within(dialog).findByTestId('correct-summary');
    expect(summary.textContent).toContain('Adjusts invoice C26TMV no. 2 dated');
    expect(within(dialog).getByTestId('correct-summary-total').textContent).toMatch(/^Total difference: -25[.,]000$/);
    fireEvent.click(within(dialog).getByTestId('correct-confirm'));
    expect((await within(dialog).findByTestId('correct-error')).textContent).toBe(
      'The original invoice has been replaced; it takes no further correction.',
    );
    expect((within(dialog).getByTestId('correct-reason') as HTMLTextAreaElement).value).toBe('Khách trả lại 1 chai bia');
    fireEvent.click(within(dialog).getByTestId('correct-review'));
    fireEvent.click(await within(dialog).findByTestId('correct-confirm'));
    expect((await within(dialog).findByTestId('correct-done')).textContent).toBe('Issued: invoice C26TMV no. 3.');
    expect(correct).toHaveBeenCalledTimes(2);
    for (const [draft] of correct.mock.calls) {
      expect(draft).toMatchObject({
        kind: 'adjust',
        adjustKind: 'amount',
        key: 'k'.repeat(36),
        reason: 'Khách trả lại 1 chai bia',
        decreases: [true],
      });
    }
    fireEvent.click(within(dialog).getByTestId('correct-close'));
    await waitFor(() => expect(screen.queryByTestId('einvoice-correct-dialog')).toBeNull());
    await waitFor(() => expect(loads).toHaveLength(2));
  });
});
