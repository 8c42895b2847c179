import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRINT_BRIDGE_NAME } from '../../shared/print/bridge';
import { openPdfInTab, PDF_PRINT_FRAME_ID, printPdf } from './pdf-actions';

const pdf = () => new Blob(['%PDF-1.7 hello'], { type: 'application/pdf' });

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[PRINT_BRIDGE_NAME];
  document.getElementById(PDF_PRINT_FRAME_ID)?.remove();
  vi.restoreAllMocks();
});

describe('PDF popup actions (D205)', () => {
  it('prints through the device bridge when it can print a PDF, with the bytes as base64, and no frame', async () => {
    const printed: string[] = [];
    (window as unknown as Record<string, unknown>)[PRINT_BRIDGE_NAME] = {
      printReceipt: () => true,
      printPdf: (b64: string) => void printed.push(b64),
    };
    await printPdf(window, pdf());
    expect(printed).toEqual([btoa('%PDF-1.7 hello')]);
    expect(document.getElementById(PDF_PRINT_FRAME_ID)).toBeNull();
  });

  it('a bridge that says it could not print is a print failure', async () => {
    (window as unknown as Record<string, unknown>)[PRINT_BRIDGE_NAME] = { printReceipt: () => true, printPdf: () => false };
    await expect(printPdf(window, pdf())).rejects.toMatchObject({ code: 'PRINT_FAILED' });
  });

  it('a receipt-only bridge is skipped: the browser prints a hidden frame holding only the PDF', async () => {
    (window as unknown as Record<string, unknown>)[PRINT_BRIDGE_NAME] = { printReceipt: () => true };
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/pdf');
    const printing = printPdf(window, pdf());
    const frame = document.getElementById(PDF_PRINT_FRAME_ID) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('blob:test/pdf');
    expect(frame.getAttribute('aria-hidden')).toBe('true');
    const print = vi.fn();
    Object.defineProperty(frame, 'contentWindow', { value: { focus: () => {}, print } });
    frame.dispatchEvent(new Event('load'));
    await printing;
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('opens a new tab on its own blob: URL without an opener', () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/tab');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    openPdfInTab(window, pdf());
    expect(open).toHaveBeenCalledWith('blob:test/tab', '_blank', 'noopener');
  });
});
