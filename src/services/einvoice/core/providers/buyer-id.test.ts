import { describe, expect, it } from 'vitest';
import type { ProviderAdapter, Serial } from '../types';
import { mixedRateExport, LAST_MINUTE_2026 } from '../testing/sandbox';
import { cleanBuyer } from './common';
import { createFptAdapter } from './fpt';
import { createMInvoiceAdapter } from './m-invoice';
import { createMisaAdapter } from './misa';
import type { AdapterOptions } from './options';
import { createViettelAdapter } from './viettel';

// D237: an individual buyer's personal identification number reaches the invoice in the
// field each provider reads it from (the XML's CCCDan).

const ID = '001185012345';
const serial: Serial = {
  value: '1C26TXX',
  invTypeName: 'Hóa đơn GTGT',
  templateCode: '1',
  isSalesInvoice: false,
  providerTemplate: '1/001',
};

/** Every request body the adapter sends while it creates the invoice (answers are nonsense: only what was sent counts). */
async function bodiesOf(factory: (options: AdapterOptions) => ProviderAdapter): Promise<string> {
  const sent: string[] = [];
  const fetch: typeof globalThis.fetch = async (_url, init) => {
    if (init?.body) sent.push(String(init.body));
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const input = mixedRateExport('4713', serial, LAST_MINUTE_2026, {
    buyer: { isIndividual: true, name: 'Trần Thị Mai', idCard: ID, email: 'mai@example.vn', address: '12 Hàng Bạc' },
  });
  await factory({ baseURL: 'http://provider.test', fetch })
    .createInvoice('0108123455|token', input)
    .catch(() => undefined);
  return sent.join('\n');
}

const field = (body: string, name: string) => new RegExp(`"${name}":"${ID}"`).test(body);

describe('issue 25 §6, D237: the buyer’s personal ID number in each provider’s field', () => {
  it('is kept by cleanBuyer', () => {
    expect(cleanBuyer({ isIndividual: true, name: 'Mai', idCard: ` ${ID} ` })).toEqual({ isIndividual: true, name: 'Mai', idCard: ID });
  });

  it.each([
    ['M-Invoice', createMInvoiceAdapter, 'cccdan'],
    ['MISA', createMisaAdapter, 'BuyerIDNumber'],
    ['FPT', createFptAdapter, 'bidc'],
    ['Viettel', createViettelAdapter, 'buyerIdNo'],
  ] as const)('%s sends it as %s', async (_name, factory, name) => {
    expect(field(await bodiesOf(factory), name)).toBe(true);
  });
});
