import type { ReceiptData } from './receipt';

/**
 * The Android print bridge (doc 2 §2: "uses the Android print bridge if present"). A POS device's
 * WebView exposes its built-in printer to the page with `addJavascriptInterface`; this project names
 * that object `MerchantPrintBridge` (D131) with one method, `printReceipt(json)`, taking the receipt as
 * JSON (ReceiptData) so the device lays it out and rasterises it itself (its printer's code pages lack
 * Vietnamese letters). It may return `false` to say it could not print.
 */
export interface AndroidPrintBridge {
  printReceipt(receiptJson: string): boolean | void;
}

export const PRINT_BRIDGE_NAME = 'MerchantPrintBridge';

export function findPrintBridge(win: Window): AndroidPrintBridge | null {
  const candidate = (win as unknown as Record<string, unknown>)[PRINT_BRIDGE_NAME];
  if (typeof candidate !== 'object' || candidate === null) return null;
  const printReceipt = (candidate as Record<string, unknown>).printReceipt;
  return typeof printReceipt === 'function' ? (candidate as AndroidPrintBridge) : null;
}

/** The JSON the bridge receives: the receipt as is (text only, no markup). */
export function bridgePayload(receipt: ReceiptData): string {
  return JSON.stringify(receipt);
}
