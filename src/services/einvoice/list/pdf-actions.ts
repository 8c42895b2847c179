import { saveBlob } from '../../shared/download';
import { PRINT_BRIDGE_NAME } from '../../shared/print/bridge';
import { PrintError } from '../../shared/print/printer';

/**
 * What the PDF popup does with the bytes (doc 2 §2: open in a new tab, download, print). Printing
 * goes through the device's print bridge when the page runs in one that can print a PDF (D205: an
 * optional `printPdf(base64)` beside the bridge's `printReceipt`), otherwise through the browser's
 * print of a hidden frame holding only the PDF.
 */

export const PDF_PRINT_FRAME_ID = 'einvoice-pdf-print-frame';
/** A tab opened on a blob: URL needs the URL while it loads; a minute is plenty. */
const TAB_URL_LIFETIME_MS = 60_000;
const FRAME_LOAD_MAX_MS = 10_000;

interface PdfBridge {
  printPdf(base64: string): boolean | void;
}

function findPdfBridge(win: Window): PdfBridge | null {
  const candidate = (win as unknown as Record<string, unknown>)[PRINT_BRIDGE_NAME];
  if (typeof candidate !== 'object' || candidate === null) return null;
  return typeof (candidate as Record<string, unknown>).printPdf === 'function' ? (candidate as PdfBridge) : null;
}

async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function openPdfInTab(win: Window, pdf: Blob): void {
  const url = URL.createObjectURL(pdf);
  win.open(url, '_blank', 'noopener');
  win.setTimeout(() => URL.revokeObjectURL(url), TAB_URL_LIFETIME_MS);
}

export function downloadPdf(pdf: Blob, filename: string): void {
  saveBlob(pdf, filename);
}

export async function printPdf(win: Window, pdf: Blob): Promise<void> {
  const bridge = findPdfBridge(win);
  if (bridge) {
    if (bridge.printPdf(await base64Of(pdf)) === false) throw new PrintError('the print bridge refused the PDF');
    return;
  }
  const doc = win.document;
  doc.getElementById(PDF_PRINT_FRAME_ID)?.remove();
  const url = URL.createObjectURL(pdf);
  const frame = doc.createElement('iframe');
  frame.id = PDF_PRINT_FRAME_ID;
  frame.setAttribute('data-testid', PDF_PRINT_FRAME_ID);
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.title = 'PDF';
  // Not display:none: some browsers print nothing from a frame that is not laid out.
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden;';
  const loaded = new Promise<void>((resolve, reject) => {
    const timer = win.setTimeout(() => reject(new PrintError('the PDF frame did not load')), FRAME_LOAD_MAX_MS);
    frame.addEventListener(
      'load',
      () => {
        win.clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
  frame.src = url;
  doc.body.appendChild(frame);
  try {
    await loaded;
    const frameWin = frame.contentWindow;
    if (!frameWin) throw new PrintError('no print frame');
    frameWin.focus();
    frameWin.print();
  } catch (error) {
    throw error instanceof PrintError ? error : new PrintError('the PDF could not be printed');
  } finally {
    // The frame stays until the next print (a browser needs it alive while its dialog is open).
    win.setTimeout(() => URL.revokeObjectURL(url), TAB_URL_LIFETIME_MS);
  }
}
