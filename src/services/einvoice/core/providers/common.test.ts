import { describe, expect, it } from 'vitest';
import { einvError } from '../http';
import {
  asPdf,
  cleanBuyer,
  cleanLine,
  cleanText,
  fromBase64,
  paymentCode,
  retryNotReady,
  unexpected,
  vnDateTime,
  vnDayStart,
} from './common';

describe('adapter helpers', () => {
  it('pays cash as TM and every cashless method as CK', () => {
    expect(paymentCode('CASH')).toBe('TM');
    for (const method of ['QR', 'CARD', 'LINK'] as const) expect(paymentCode(method)).toBe('CK');
  });

  it('reads Vietnam days and times as unix ms', () => {
    expect(vnDayStart('2026-11-24')).toBe(Date.parse('2026-11-24T00:00:00+07:00'));
    expect(vnDateTime('2026-11-24 17:55:02')).toBe(Date.parse('2026-11-24T17:55:02+07:00'));
    expect(vnDateTime('2026-11-24')).toBe(Date.parse('2026-11-24T00:00:00+07:00'));
    for (const bad of ['2026-02-30', '24/11/2026', '']) expect(vnDayStart(bad)).toBeNaN();
  });

  it('cleans user text: control characters out, markup and Vietnamese kept; a line keeps its tax class (issue 25 §2)', () => {
    expect(cleanText('  Nguyễn\u0000Văn\r\n A\t<b>x</b> 😀 ')).toBe('Nguyễn Văn A <b>x</b> 😀');
    expect(cleanText(undefined)).toBe('');
    expect(cleanBuyer({ isIndividual: false, name: ' A ', company: ' B\u0007 ', taxCode: '  ', email: '' })).toEqual({
      isIndividual: false,
      name: 'A',
      company: 'B',
    });
    expect(cleanLine({ name: 'Phở\nbò', unit: ' ', quantity: 2, unitPriceGross: 50_000, taxClass: 'STANDARD' })).toEqual({
      name: 'Phở bò',
      quantity: 2,
      unitPriceGross: 50_000,
      taxClass: 'STANDARD',
    });
  });

  it('accepts only PDF bytes, from base64 too', async () => {
    const pdf = await asPdf(fromBase64(btoa('%PDF-1.7 rest'), 'x'), 'x');
    expect(pdf.type).toBe('application/pdf');
    await expect(asPdf(new Blob(['{"code":"11"}']), 'x')).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(() => fromBase64('%%%not base64', 'x')).toThrow(expect.objectContaining({ code: 'INVALID_RESPONSE' }));
  });

  it('asks again while the PDF is not ready, 500 ms apart, at most three more times', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    let calls = 0;
    const ready = await retryNotReady(
      async () => {
        calls += 1;
        if (calls < 3) throw einvError('EINV_PDF_NOT_READY');
        return 'pdf';
      },
      { sleep },
    );
    expect([ready, calls, waits]).toEqual(['pdf', 3, [500, 500]]);
    calls = 0;
    await expect(
      retryNotReady(
        async () => {
          calls += 1;
          throw einvError('EINV_PDF_NOT_READY');
        },
        { sleep },
      ),
    ).rejects.toMatchObject({ code: 'EINV_PDF_NOT_READY' });
    expect(calls).toBe(4);
    calls = 0;
    await expect(
      retryNotReady(
        async () => {
          calls += 1;
          throw einvError('NOT_FOUND');
        },
        { sleep },
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(calls).toBe(1);
  });

  it('an answer in no known shape: 5xx unknown, 4xx bad request, else invalid', () => {
    expect(unexpected('x', 502)).toMatchObject({ code: 'UNKNOWN_ERROR', kind: 'server' });
    expect(unexpected('x', 400)).toMatchObject({ code: 'BAD_REQUEST', kind: 'server' });
    expect(unexpected('x', 200)).toMatchObject({ code: 'INVALID_RESPONSE', kind: 'invalid-response' });
  });
});
