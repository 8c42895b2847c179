// @vitest-environment node
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { t, phoco, colan, month, list, useReportsFixture } from './reports.fixture';

useReportsFixture();

describe('export=true', () => {
  it('answers a real .xlsx of all matching rows with Vietnamese headers and a dated file name', async () => {
    const filters = `${month()}&status=success`;
    const counted = await list('card', `${filters}&page_size=1`);
    const res = await fetch(`${t.url}/api/portal/transaction/card?${filters}&export=true`, { headers: { authorization: `Bearer ${phoco}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="bao-cao-card_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toMatch(/^Báo cáo giao dịch thẻ \d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    // Reading our own generated file in a test is the one place the reader runs (stack notes).
    const book = XLSX.read(bytes, { type: 'array' });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    expect(book.SheetNames[0]).toBe('Giao dịch thẻ');
    expect(rows[0]).toEqual(['Thời gian giao dịch', 'Cửa hàng', 'Mã hoá đơn', 'Số thẻ', 'Số tiền (VND)', 'Phí dịch vụ (VND)',
      'Trạng thái ghi có', 'Số tiền ghi có (VND)', 'Ngày ghi có', 'Trạng thái']);
    expect(rows.length - 1).toBe(counted.body.total_count);
    expect(rows.slice(1).every((r) => r[9] === 'Thành công')).toBe(true);
    expect(rows.slice(1).some((r) => String(r[1]).startsWith('Phố Cổ'))).toBe(true);
    expect(rows[1]![0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(typeof rows[1]![4]).toBe('number');
  });

  it('exports an empty report as headers only', async () => {
    const res = await fetch(`${t.url}/api/portal/transaction/loan?start_time=100&end_time=200&export=true`, { headers: { authorization: `Bearer ${phoco}` } });
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: 'array' });
    expect(XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!, { header: 1 })).toHaveLength(1);
  });
});

describe('bill images', () => {
  it('serves the printable invoice of a row with bill_url, to its own merchant only', async () => {
    const res = await list('card', `${month()}&page_size=100`);
    const row = res.body.data.find((r: { bill_url: string | null }) => r.bill_url);
    expect(row).toBeTruthy();
    const own = await fetch(t.url + row.bill_url, { headers: { authorization: `Bearer ${phoco}` } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toContain('image/svg+xml');
    const svg = await own.text();
    expect(svg).toContain('<svg');
    expect(svg).toContain('CÔNG TY TNHH ẨM THỰC PHỐ CỔ');
    expect((await fetch(t.url + row.bill_url, { headers: { authorization: `Bearer ${colan}` } })).status).toBe(404);
    expect((await fetch(t.url + row.bill_url)).status).toBe(401);
    expect((await fetch(`${t.url}/api/portal/transaction/bill/..%2F..%2Fetc.svg`, { headers: { authorization: `Bearer ${phoco}` } })).status).toBe(404);
  });
});
