import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../../../../platform/context';
import { findByClientRef, getInvoice, listInvoices } from '../../../core/store';
import type { InvoiceRecord } from '../../../core/types';
import { vnDay } from '../../../core/vat';
import {
  PROVIDER,
  MAX_PAGE_SIZE,
  MAX_RANGE_DAYS,
  DAY_MS,
  FptError,
  parseFptDate,
  caller,
  ownTaxCode,
  settle,
  queryOf,
  wholeNumber,
  dayParam,
} from '../common';
import { fptRow, sendPdf } from '../row';

/** One invoice (JSON or its PDF) or a page of them. */
export function registerFptSearchRoutes(scope: FastifyInstance, ctx: SandboxContext): void {
  scope.get('/search-invoice', async (request, reply) => {
    const { merchantId, account } = await caller(ctx, request);
    const query = queryOf(request);
    ownTaxCode(account, query.stax);
    const type = query.type || 'json';
    if (type !== 'json' && type !== 'pdf') throw new FptError(400, 'INVALID_DATA', 'type: json hoặc pdf', { field: 'type' });

    // One invoice: by sid, or by form + serial + seq.
    if (query.sid || query.seq) {
      let invoice: InvoiceRecord | null = null;
      if (query.sid) {
        invoice = query.sid.length <= 64 ? await findByClientRef(ctx.db, merchantId, PROVIDER, query.sid) : null;
      } else {
        if (!query.serial) throw new FptError(400, 'INVALID_DATA', 'seq cần kèm serial', { field: 'serial' });
        const seq = wholeNumber(query.seq, 'seq', 0, 1, 2_147_483_647);
        invoice = await getInvoice(ctx.db, { merchantId, provider: PROVIDER, series: query.serial.slice(0, 20), number: seq });
        if (invoice && query.form && query.form !== invoice.templateCode) invoice = null;
      }
      if (!invoice) throw new FptError(404, 'INVOICE_NOT_FOUND', 'Không tìm thấy hóa đơn');
      invoice = await settle(ctx, invoice);
      if (type === 'pdf') return sendPdf(ctx, reply, invoice, !query.sid);
      return { data: [fptRow(invoice)], total: 1 };
    }
    if (type === 'pdf') throw new FptError(400, 'INVALID_DATA', 'type=pdf cần sid hoặc serial + seq', { field: 'sid' });

    const now = ctx.clock.now();
    const from = dayParam(query.fd, 'fd') ?? parseFptDate(`${vnDay(now).slice(0, 8)}01`)!;
    const toDay = dayParam(query.td, 'td') ?? parseFptDate(vnDay(now))!;
    const to = toDay + DAY_MS - 1;
    if (from > to) throw new FptError(400, 'INVALID_DATA', 'fd phải trước td', { field: 'fd' });
    if (to - from > MAX_RANGE_DAYS * DAY_MS)
      throw new FptError(400, 'INVALID_DATA', `Khoảng thời gian tối đa ${MAX_RANGE_DAYS} ngày`, { field: 'td' });
    const released = query.released === '1' ? true : query.released === '0' ? false : undefined;
    if (query.released && released === undefined) throw new FptError(400, 'INVALID_DATA', 'released: 1 hoặc 0', { field: 'released' });
    if ((query.q ?? '').length > 100) throw new FptError(400, 'INVALID_DATA', 'q tối đa 100 ký tự', { field: 'q' });
    if ((query.serial ?? '').length > 20) throw new FptError(400, 'INVALID_DATA', 'serial không hợp lệ', { field: 'serial' });
    const page = wholeNumber(query.page, 'page', 1, 1, 100_000);
    const pageSize = wholeNumber(query.page_size, 'page_size', 20, 1, MAX_PAGE_SIZE);
    const { rows, total } = await listInvoices(ctx.db, {
      merchantId,
      provider: PROVIDER,
      from,
      to,
      ...(query.serial ? { series: query.serial } : {}),
      ...(query.q ? { q: query.q } : {}),
      ...(released !== undefined ? { released } : {}),
      page,
      pageSize,
    });
    const settled = [];
    for (const row of rows) settled.push(fptRow(await settle(ctx, row)));
    return { data: settled, total };
  });
}
