/**
 * What a printed bill carries (doc 2 §2 print-bill button; issue 13 print): the shop's name, the order,
 * its lines and totals, how it was paid, a VietQR for a bill not yet paid, and whether this print is a
 * copy. The same data goes to the Android print bridge as JSON and, rendered by
 * src/screens/shared/receipt, to the browser's print of an 80 mm page. Shared: the payment screen and
 * the order list print the same receipt.
 */
export interface ReceiptLine {
  name: string;
  amount: number;
  /** Unit price in đồng, fixed when the line was added. */
  price: number;
}

export interface ReceiptData {
  shopName: string;
  shopAddress: string | null;
  orderCode: string;
  tableName: string | null;
  /** Unix seconds of the order's last change. */
  time: number;
  lines: ReceiptLine[];
  total: number;
  paid: boolean;
  paymentMethod: 'QR' | 'CASH' | 'CARD' | 'LINK' | null;
  receiveAmount: number | null;
  returnAmount: number | null;
  /** The order's VietQR payload, printed only on an unpaid bill. */
  qr: string | null;
  /** A reprint: the receipt says BẢN SAO / COPY. */
  copy: boolean;
  language: 'vi' | 'en';
}
