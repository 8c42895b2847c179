import { describe, expect, it } from 'vitest';
import { PROVIDERS } from '../../einvoice';
import { INVOICE_WAIT_TRIES, receiptInvoice, settledInvoiceState, type OrderInvoiceState, type PrintInvoiceSettings } from './receipt';

const on: PrintInvoiceSettings = { active: true, printInvoice: true, provider: 'misa' };
const issued: OrderInvoiceState = { eiv_code: 'CQT123::DLBGLTG52H::12', einvoice_job: { state: 'ISSUED', serial: '1C26TMH' } };

describe('the receipt\'s e-invoice (issue 25 §3 "Print invoice", D252)', () => {
  it("issue 25 §3: print invoice on and the order issued: symbol, number, lookup code and the provider's lookup page", () => {
    expect(receiptInvoice(on, true, issued)).toEqual({
      state: 'issued',
      symbol: 'C26TMH',
      number: 12,
      lookupCode: 'DLBGLTG52H',
      lookupUrl: PROVIDERS.misa.invoiceLookupUrl,
    });
    // Each provider's own lookup page.
    expect(receiptInvoice({ ...on, provider: 'viettel' }, true, issued)?.lookupUrl).toBe(
      'https://vinvoice.viettel.vn/utilities/invoice-search',
    );
  });

  it('issue 25 §3: print invoice off, no active set-up or an unpaid bill: no invoice on the receipt', () => {
    expect(receiptInvoice({ ...on, printInvoice: false }, true, issued)).toBeNull();
    expect(receiptInvoice({ ...on, active: false }, true, issued)).toBeNull();
    expect(receiptInvoice(null, true, issued)).toBeNull();
    expect(receiptInvoice(on, false, issued)).toBeNull();
  });

  it('a manual export has no symbol from the sale service: number and lookup code only', () => {
    expect(receiptInvoice(on, true, { eiv_code: '::ABC123::7', einvoice_job: null })).toMatchObject({
      symbol: null,
      number: 7,
      lookupCode: 'ABC123',
    });
  });

  it('queued or failed at the sale service: pending with the lookup page; nothing queued and no code: none', () => {
    expect(receiptInvoice(on, true, { eiv_code: null, einvoice_job: { state: 'QUEUED', serial: null } })).toEqual({
      state: 'pending',
      symbol: null,
      number: null,
      lookupCode: null,
      lookupUrl: PROVIDERS.misa.invoiceLookupUrl,
    });
    expect(receiptInvoice(on, true, { eiv_code: null, einvoice_job: { state: 'FAILED', serial: null } })?.state).toBe('pending');
    expect(receiptInvoice(on, true, { eiv_code: null, einvoice_job: null })).toBeNull();
  });

  it('a receipt at the payment reads the order again while its invoice is queued, and stops once issued', async () => {
    const answers: OrderInvoiceState[] = [
      { eiv_code: null, einvoice_job: { state: 'QUEUED', serial: null } },
      issued,
      { eiv_code: 'never::read::1' },
    ];
    const waits: number[] = [];
    let reads = 0;
    const settled = await settledInvoiceState(
      { eiv_code: null, einvoice_job: { state: 'QUEUED', serial: null } },
      async () => answers[reads++]!,
      async (ms) => void waits.push(ms),
    );
    expect(settled).toBe(issued);
    expect(reads).toBe(2);
    expect(waits).toEqual([500, 500]);
  });

  it('the wait is bounded, and a failed read keeps the last answer', async () => {
    const queued: OrderInvoiceState = { eiv_code: null, einvoice_job: { state: 'QUEUED', serial: null } };
    let reads = 0;
    const settled = await settledInvoiceState(
      queued,
      async () => {
        reads++;
        throw new Error('network');
      },
      async () => undefined,
    );
    expect(settled).toBe(queued);
    expect(reads).toBe(INVOICE_WAIT_TRIES);
    // Nothing queued: no read at all.
    let none = 0;
    await settledInvoiceState(
      { eiv_code: null, einvoice_job: null },
      async () => (none++, issued),
      async () => undefined,
    );
    expect(none).toBe(0);
  });
});
