import { describe, expect, it } from 'vitest';
import en from '../../../i18n/en/einvoice.json';
import vi from '../../../i18n/vi/einvoice.json';
import {
  canCorrect,
  canSign,
  CQT_STATUS_MAPS,
  cqtStatus,
  declarationRange,
  eivCode,
  fromBackendProvider,
  INVOICE_STATUS_MAPS,
  invoiceStatus,
  isSalesInvoiceSerial,
  parseEivCode,
  PROVIDERS,
  providerInfo,
  sameSerial,
  serialSymbol,
  toBackendProvider,
  WAITING_TO_SIGN,
} from './registry';
import { PROVIDER_ROUTES, type EinvoiceRow } from './types';

function text(texts: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), texts);
}

const row = (status: string | null, statusReceived: string | null): Pick<EinvoiceRow, 'status' | 'statusReceived'> => ({
  status,
  statusReceived,
});

describe('providers', () => {
  it('has the four, with SSO only at M-Invoice and Viettel, sign everywhere but MISA, and a serial modal for all', () => {
    expect(Object.keys(PROVIDERS).sort()).toEqual([...PROVIDER_ROUTES].sort());
    for (const route of PROVIDER_ROUTES) {
      const info = providerInfo(route);
      expect(info.route).toBe(route);
      expect(info.showSerial).toBe(true);
      expect(info.isSSO).toBe(route === 'm-invoice' || route === 'viettel');
      expect(info.features.includes('sso')).toBe(info.isSSO);
      expect(info.features.includes('sign')).toBe(route !== 'misa');
      expect(info.invoiceLookupUrl).toMatch(/^https:\/\//);
      expect(info.researchUrl).toMatch(/^https:\/\//);
      expect(info.logo).toMatch(/\.svg$|^data:image\/svg\+xml/);
    }
  });

  it('maps the backend spelling both ways and refuses anything else', () => {
    expect(fromBackendProvider('M-INVOICE')).toBe('m-invoice');
    expect(fromBackendProvider('misa')).toBe('misa');
    expect(fromBackendProvider(' VIETTEL ')).toBe('viettel');
    for (const bad of ['', null, undefined, 'VNPT', 'm_invoice', '<b>FPT</b>']) expect(fromBackendProvider(bad)).toBeNull();
    for (const route of PROVIDER_ROUTES) expect(fromBackendProvider(toBackendProvider(route))).toBe(route);
    expect(toBackendProvider('m-invoice')).toBe('M-INVOICE');
  });
});

describe('status maps', () => {
  it('every label key has a text in vi and en', () => {
    const keys = new Set<string>([WAITING_TO_SIGN.labelKey, 'status.unknown']);
    for (const maps of [CQT_STATUS_MAPS, INVOICE_STATUS_MAPS]) {
      for (const map of Object.values(maps)) for (const label of Object.values(map)) keys.add(label.labelKey);
    }
    for (const key of keys) {
      expect(typeof text(en, key), `en ${key}`).toBe('string');
      expect(typeof text(vi, key), `vi ${key}`).toBe('string');
    }
  });

  it('shows "waiting to sign" when the provider gave no received status', () => {
    for (const route of PROVIDER_ROUTES) {
      expect(cqtStatus(route, null)).toBe(WAITING_TO_SIGN);
      expect(cqtStatus(route, '')).toBe(WAITING_TO_SIGN);
    }
  });

  it("reads each provider's own codes (doc 2 §4)", () => {
    expect(cqtStatus('m-invoice', '1')).toEqual({ labelKey: 'status.cqt.pendingSignature', color: 'orange' });
    expect(cqtStatus('m-invoice', '4')).toMatchObject({ labelKey: 'status.cqt.success', color: 'green' });
    expect(cqtStatus('m-invoice', '5')).toMatchObject({ color: 'red' });
    expect(cqtStatus('fpt', '7')).toMatchObject({ labelKey: 'status.cqt.pendingSignature' });
    expect(cqtStatus('fpt', '10')).toMatchObject({ labelKey: 'status.cqt.codeIssued', color: 'green' });
    expect(cqtStatus('viettel', '5')).toMatchObject({ labelKey: 'status.cqt.codeGranted' });
    expect(cqtStatus('viettel', 'INVOICE_NO_CODE_SENT')).toMatchObject({ labelKey: 'status.cqt.sentNoCode' });
    expect(cqtStatus('viettel', 'invoice_has_code_dis_approved')).toMatchObject({ labelKey: 'status.cqt.rejectedWithCode', color: 'red' });
    expect(cqtStatus('misa', '1')).toMatchObject({ labelKey: 'status.cqt.sentAccepted' });
    expect(invoiceStatus('m-invoice', '0')).toMatchObject({ labelKey: 'status.invoice.original' });
    expect(invoiceStatus('m-invoice', '1')).toMatchObject({ labelKey: 'status.invoice.cancelled' });
    expect(invoiceStatus('fpt', '3')).toMatchObject({ labelKey: 'status.invoice.approved' });
    expect(invoiceStatus('viettel', '7')).toMatchObject({ labelKey: 'status.invoice.deleted' });
    expect(invoiceStatus('misa', null)).toBeNull();
  });

  it('keeps a value it does not know, as the unknown label with the value (not another provider’s meaning)', () => {
    expect(cqtStatus('fpt', '4')).toEqual({ labelKey: 'status.unknown', color: 'gray', params: { value: '4' } });
    expect(invoiceStatus('viettel', '2')).toEqual({ labelKey: 'status.unknown', color: 'gray', params: { value: '2' } });
  });
});

describe('canSign (doc 2 §4, D179, D181, D183)', () => {
  it('M-Invoice: only CQT status 1, pending signature', () => {
    expect(canSign('m-invoice', row('0', '1'))).toBe(true);
    for (const received of ['0', '2', '3', '4', '5', '6', null])
      expect(canSign('m-invoice', row('1', received)), String(received)).toBe(false);
  });

  it('FPT: whenever the row has a status', () => {
    expect(canSign('fpt', row('2', '7'))).toBe(true);
    expect(canSign('fpt', row('3', '1'))).toBe(true);
    expect(canSign('fpt', row(null, '7'))).toBe(false);
    expect(canSign('fpt', row('', '7'))).toBe(false);
  });

  it('Viettel: only not sent (1 or 2, by number or name)', () => {
    for (const received of ['1', '2', 'INVOICE_HAS_CODE_NOT_SENT', 'INVOICE_NO_CODE_NOT_SENT'])
      expect(canSign('viettel', row('1', received))).toBe(true);
    for (const received of ['3', '4', '5', '6', '7', '8', 'INVOICE_HAS_CODE_SENT', null])
      expect(canSign('viettel', row('1', received))).toBe(false);
  });

  it('MISA: never', () => {
    for (const received of ['0', '1', '2', null]) expect(canSign('misa', row('1', received))).toBe(false);
  });
});

describe('eiv_code', () => {
  it('joins and splits cqt::search::sequence, with an empty CQT part when there is none', () => {
    const cqt = `00${'A1'.repeat(16)}`;
    expect(eivCode(cqt, 'K7Q2M9XRTA', 12)).toBe(`${cqt}::K7Q2M9XRTA::12`);
    expect(eivCode(null, 'K7Q2M9XRTA', 1)).toBe('::K7Q2M9XRTA::1');
    expect(parseEivCode(`${cqt}::K7Q2M9XRTA::12`)).toEqual({ cqtCode: cqt, searchCode: 'K7Q2M9XRTA', seq: 12 });
    expect(parseEivCode('::K7Q2M9XRTA::1')).toEqual({ cqtCode: null, searchCode: 'K7Q2M9XRTA', seq: 1 });
  });

  it('refuses what the backend would refuse', () => {
    expect(() => eivCode(null, '', 1)).toThrow();
    expect(() => eivCode(null, 'a b', 1)).toThrow();
    expect(() => eivCode('x::y', 'ABC', 1)).toThrow();
    expect(() => eivCode(null, 'ABC', 0)).toThrow();
    expect(() => eivCode(null, 'ABC', 1.5)).toThrow();
    for (const bad of ['', 'a::b', '::ABC::0', '::ABC::x', 'a::b::c::1', '::<b>::1', '::ABC::99999999999', null])
      expect(parseEivCode(bad), String(bad)).toBeNull();
  });
});

describe('serials', () => {
  it('a sales-invoice serial is template 2, by code or by the symbol’s digit', () => {
    expect(isSalesInvoiceSerial({ value: '2C26TMB', templateCode: '2' })).toBe(true);
    expect(isSalesInvoiceSerial({ value: 'C26TFB', templateCode: '2' })).toBe(true);
    expect(isSalesInvoiceSerial({ value: '2C26TMH', templateCode: '1' })).toBe(true);
    expect(isSalesInvoiceSerial({ value: '1C26TMV', templateCode: '1' })).toBe(false);
    expect(isSalesInvoiceSerial({ value: 'C26TVT', templateCode: '1' })).toBe(false);
  });
});

describe('serial symbols', () => {
  it('drops the template digit M-Invoice and MISA write in front, and compares by symbol', () => {
    expect(serialSymbol('1C26TMV')).toBe('C26TMV');
    expect(serialSymbol(' c26tfp ')).toBe('C26TFP');
    expect(serialSymbol('C26TVT')).toBe('C26TVT');
    expect(sameSerial('2C26TMH', 'C26TMH')).toBe(true);
    expect(sameSerial('1C26TMS', 'C26TMH')).toBe(false);
  });
});

describe('declarationRange', () => {
  it('runs from 1 January to today on the Vietnam calendar', () => {
    expect(declarationRange(Date.parse('2026-11-24T10:00:00Z'))).toEqual({ from: '2026-01-01', to: '2026-11-24' });
    // 18:30 UTC on 31 December is already 1 January in Vietnam.
    expect(declarationRange(Date.parse('2026-12-31T18:30:00Z'))).toEqual({ from: '2027-01-01', to: '2027-01-01' });
  });
});

describe('issue 25 §5: which invoices may be corrected (D244)', () => {
  const row = (status: string | null, statusReceived: string | null) => ({ status, statusReceived });

  it('only an issued invoice, never a legacy cancelled or deleted one, nor one replaced by another', () => {
    // M-Invoice: signed (2 and on), not pending signature; cancelled (1) and replaced by another (5) read-only.
    expect(canCorrect('m-invoice', row('0', '4'))).toBe(true);
    expect(canCorrect('m-invoice', row('6', '4'))).toBe(true);
    expect(canCorrect('m-invoice', row('0', '1'))).toBe(false);
    expect(canCorrect('m-invoice', row('1', '4'))).toBe(false);
    expect(canCorrect('m-invoice', row('5', '4'))).toBe(false);
    // MISA publishes signed; cancelled (2) and replaced by another (5) read-only.
    expect(canCorrect('misa', row('1', '1'))).toBe(true);
    expect(canCorrect('misa', row('2', '1'))).toBe(false);
    expect(canCorrect('misa', row('5', '1'))).toBe(false);
    // FPT: approved only; cancelled (4) read-only.
    expect(canCorrect('fpt', row('3', '10'))).toBe(true);
    expect(canCorrect('fpt', row('2', '7'))).toBe(false);
    expect(canCorrect('fpt', row('4', '10'))).toBe(false);
    // Viettel: sent (3 and on, or by name); deleted (7) read-only.
    expect(canCorrect('viettel', row('1', '4'))).toBe(true);
    expect(canCorrect('viettel', row('1', 'INVOICE_HAS_CODE_APPROVED'))).toBe(true);
    expect(canCorrect('viettel', row('1', '1'))).toBe(false);
    expect(canCorrect('viettel', row('7', '5'))).toBe(false);
  });
});
