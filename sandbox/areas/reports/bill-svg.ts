import { STATUS_LABELS_VI } from './columns';
import type { TransactionRecord } from './query';
import { VN_OFFSET_MS } from '../../platform/vn-time';

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const vnd = (n: number) => `${new Intl.NumberFormat('vi-VN').format(n)} ₫`;

/** A printable receipt (80 mm roll proportions) for rows that have a bill image. */
export function billSvg(r: TransactionRecord, merchantName: string): string {
  const d = new Date(r.created_at + VN_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  const when = `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
  const lines: [string, string][] = [
    ['Cửa hàng', r.store_name],
    ['Mã hoá đơn', r.bill_id || '0000'],
    ['Thời gian', when],
    ['Kênh', r.channel.toUpperCase()],
    ...(r.card_id ? [['Số thẻ', r.card_id] as [string, string]] : []),
    ['Trạng thái', STATUS_LABELS_VI[r.status] ?? r.status],
    ['Mã phản hồi', r.response_code],
  ];
  const rows = lines
    .map(([k, v], i) => `<text x="16" y="${118 + i * 26}" class="k">${escapeXml(k)}</text><text x="304" y="${118 + i * 26}" class="v" text-anchor="end">${escapeXml(v)}</text>`)
    .join('');
  const totalY = 118 + lines.length * 26 + 24;
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="320" height="${totalY + 60}" viewBox="0 0 320 ${totalY + 60}" role="img" aria-label="Hoá đơn ${escapeXml(r.bill_id || '0000')}">
<style>text{font-family:'Segoe UI',Roboto,Arial,sans-serif;fill:#111}.k{font-size:12px;fill:#555}.v{font-size:12px}.t{font-size:15px;font-weight:700}.a{font-size:20px;font-weight:700}</style>
<rect width="100%" height="100%" fill="#fff"/>
<text x="160" y="36" class="t" text-anchor="middle">${escapeXml(merchantName)}</text>
<text x="160" y="62" class="k" text-anchor="middle">HOÁ ĐƠN THANH TOÁN</text>
<line x1="16" y1="84" x2="304" y2="84" stroke="#999" stroke-dasharray="4 3"/>
${rows}
<line x1="16" y1="${totalY - 14}" x2="304" y2="${totalY - 14}" stroke="#999" stroke-dasharray="4 3"/>
<text x="16" y="${totalY + 12}" class="k">Tổng tiền</text>
<text x="304" y="${totalY + 14}" class="a" text-anchor="end">${escapeXml(vnd(r.amount))}</text>
<text x="160" y="${totalY + 44}" class="k" text-anchor="middle">Cảm ơn quý khách!</text>
</svg>`;
}
