import { bridgePayload, findPrintBridge } from './bridge';
import type { ReceiptData } from './receipt';

/**
 * Prints a receipt (doc 2 §2, §9; D131): through the Android print bridge when the page runs
 * inside one, otherwise the browser's print of a hidden frame that holds only the receipt, on an 80 mm
 * page without margins. doc 2 §9: print waits 500 ms, up to 2 s: the frame is given at least 500 ms to
 * lay out, and up to 2 s for its images (the QR) to load, before print() is called.
 * The frame stays in the page until the next print (tests read it; a browser needs it alive while
 * its print dialog is open).
 */

export const PRINT_WAIT_MS = 500;
export const PRINT_WAIT_MAX_MS = 2000;
export const PRINT_FRAME_ID = 'receipt-print-frame';

export interface RenderedReceipt {
  /** The receipt's markup (rendered from text, never from user-supplied HTML). */
  html: string;
  css: string;
}

/** Where the receipt is laid out and printed: a hidden frame of the page by default. */
export interface PrintFrame {
  document: Document;
  focus(): void;
  print(): void;
}

export interface ReceiptPrinterDeps {
  win: Window;
  render: (receipt: ReceiptData) => Promise<RenderedReceipt>;
  wait?: (ms: number) => Promise<void>;
  openFrame?: (win: Window) => PrintFrame;
}

export type PrintRoute = 'bridge' | 'browser';

export class PrintError extends Error {
  readonly code = 'PRINT_FAILED';
}

const PAGE_CSS = '@page { size: 80mm auto; margin: 0 } html, body { margin: 0; padding: 0; background: #fff; }';

const defaultWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function imagesLoaded(doc: Document): Promise<void> {
  const pending = Array.from(doc.querySelectorAll('img')).filter((image) => !image.complete);
  return Promise.all(
    pending.map(
      (image) =>
        new Promise<void>((resolve) => {
          image.addEventListener('load', () => resolve(), { once: true });
          image.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}

/** A fresh hidden frame (the previous one removed): only the receipt is in it, so only the receipt prints. */
export function openHiddenFrame(win: Window): PrintFrame {
  const doc = win.document;
  doc.getElementById(PRINT_FRAME_ID)?.remove();
  const frame = doc.createElement('iframe');
  frame.id = PRINT_FRAME_ID;
  frame.setAttribute('data-testid', PRINT_FRAME_ID);
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.title = 'receipt';
  // Not display:none: some browsers print nothing from a frame that is not laid out.
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden;';
  doc.body.appendChild(frame);
  const frameDoc = frame.contentDocument;
  const frameWin = frame.contentWindow;
  if (!frameDoc || !frameWin) throw new PrintError('no print frame');
  return { document: frameDoc, focus: () => frameWin.focus(), print: () => frameWin.print() };
}

export function createReceiptPrinter(deps: ReceiptPrinterDeps) {
  const wait = deps.wait ?? defaultWait;
  return async function printReceipt(receipt: ReceiptData): Promise<PrintRoute> {
    const bridge = findPrintBridge(deps.win);
    if (bridge) {
      if (bridge.printReceipt(bridgePayload(receipt)) === false) throw new PrintError('the print bridge refused the receipt');
      return 'bridge';
    }
    await printInFrame(deps.win, await deps.render(receipt), { wait, openFrame: deps.openFrame });
    return 'browser';
  };
}

/**
 * The browser half of printing: any rendered 80 mm paper (a receipt, the Z report, D306) written into
 * the hidden frame, given its time to lay out and load images, then printed.
 */
export async function printInFrame(
  win: Window,
  { html, css }: RenderedReceipt,
  options: { wait?: (ms: number) => Promise<void>; openFrame?: (win: Window) => PrintFrame } = {},
): Promise<void> {
  const wait = options.wait ?? defaultWait;
  const frame = (options.openFrame ?? openHiddenFrame)(win);
  const frameDoc = frame.document;
  frameDoc.open();
  frameDoc.write(`<!doctype html><html><head><meta charset="utf-8"><style>${PAGE_CSS}${css}</style></head><body>${html}</body></html>`);
  frameDoc.close();
  await Promise.all([wait(PRINT_WAIT_MS), Promise.race([imagesLoaded(frameDoc), wait(PRINT_WAIT_MAX_MS)])]);
  frame.focus();
  frame.print();
}

export type ReceiptPrinter = ReturnType<typeof createReceiptPrinter>;
