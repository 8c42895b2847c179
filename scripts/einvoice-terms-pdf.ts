/**
 * Draws public/einvoice-terms.pdf, the e-invoice service terms the /e-inv-setting terms modal shows
 * (doc 2 §2, §9). Run once after changing the text and commit the PDF:
 *   npx tsx scripts/einvoice-terms-pdf.ts
 * DejaVu Sans is embedded as a subset (the font the sandbox's invoices use, D172) so the Vietnamese
 * text keeps its diacritics in any viewer and in `pdftotext`. Deterministic: no dates in the file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

const require = createRequire(import.meta.url);

const VI = {
  title: 'Điều khoản sử dụng dịch vụ hóa đơn điện tử',
  items: [
    'Dịch vụ kết nối cổng thông tin của người bán với một nhà cung cấp hóa đơn điện tử (M-Invoice, MISA meInvoice, FPT eInvoice, Viettel S-Invoice) để lập, xem, in, ký và gửi hóa đơn tới cơ quan thuế.',
    'Người bán tự chọn nhà cung cấp và chịu trách nhiệm về hợp đồng, tờ khai đăng ký sử dụng hóa đơn điện tử và ký hiệu hóa đơn đã đăng ký với cơ quan thuế.',
    'Thông tin đăng nhập của nhà cung cấp chỉ dùng để kết nối; mật khẩu không hiển thị lại và có thể được thay đổi hoặc hủy bất cứ lúc nào bằng nút Hủy.',
    'Nội dung hóa đơn (người mua, hàng hóa, thuế suất, tổng tiền) lấy từ đơn hàng; người bán kiểm tra trước khi ký và gửi cơ quan thuế.',
    'Ngân hàng có thể tạm ngừng tài khoản khi phát hiện vi phạm qua các phương thức thanh toán QR.',
  ],
};
const EN = {
  title: 'E-invoice service terms',
  items: [
    'The service connects the merchant portal with one e-invoice provider (M-Invoice, MISA meInvoice, FPT eInvoice, Viettel S-Invoice) to issue, view, print, sign and send invoices to the tax authority.',
    'The merchant chooses the provider and is responsible for its contract, the e-invoice registration declaration and the invoice series registered with the tax authority.',
    'The provider sign-in is used only to connect; the password is never shown again, and the set-up can be changed or cancelled at any time with Cancel.',
    'Invoice content (buyer, goods, VAT rate, total) comes from the order; the merchant checks it before signing and sending it to the tax authority.',
    'The bank may suspend accounts on violations through QR payment methods.',
  ],
};

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.1, 0.1, 0.1);

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (font.widthOfTextAtSize(next, size) > width && line !== '') {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line !== '') lines.push(line);
  return lines;
}

async function main() {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')), { subset: true });
  const bold = await doc.embedFont(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')), { subset: true });
  doc.setTitle('Điều khoản dịch vụ hóa đơn điện tử / E-invoice service terms');
  const page: PDFPage = doc.addPage(A4);
  const width = A4[0] - 2 * MARGIN;
  let y = A4[1] - MARGIN;
  const draw = (text: string, font: PDFFont, size: number, indent = 0) => {
    for (const line of wrap(text, font, size, width - indent)) {
      page.drawText(line, { x: MARGIN + indent, y, size, font, color: INK });
      y -= size * 1.45;
    }
  };
  for (const part of [VI, EN]) {
    draw(part.title, bold, 15);
    y -= 6;
    part.items.forEach((item, i) => {
      draw(`${i + 1}. ${item}`, regular, 10.5, 0);
      y -= 4;
    });
    y -= 18;
  }
  writeFileSync(new URL('../public/einvoice-terms.pdf', import.meta.url), await doc.save({ useObjectStreams: false }));
}

void main();
