import { assign, fromPromise, setup } from 'xstate';
import type { EinvoiceListRow, InvoicePdfInput } from '../../services/einvoice/list/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * The PDF popup of /e-invoice (doc 2 §2 "view popup showing a PDF with refresh, open in new tab,
 * download, print, close"; §8 "Invoice PDF load failure: close popup, system_fail toast"). The PDF
 * comes from the provider (`loadPdf`; the adapter retries a provider's "not ready" a few times) and is
 * shown in a frame from a blob: URL the screen makes from it. Opening in a new tab and downloading
 * are the app's actions on the bytes held here (no I/O in the machine); printing prints the PDF
 * (through the device's print bridge when the page runs in one) and says so when it could not.
 */

export interface InvoicePdfContext {
  row: EinvoiceListRow;
  pdf: Blob | null;
  errorCode: string | null;
}

export type InvoicePdfEvent = { type: 'REFRESH' } | { type: 'OPEN_TAB' } | { type: 'DOWNLOAD' } | { type: 'PRINT' } | { type: 'CLOSE' };

export interface InvoicePdfOutput {
  /** False when the PDF could not be loaded (the popup closed itself). */
  shown: boolean;
}

export const invoicePdfMachine = setup({
  types: {
    context: {} as InvoicePdfContext,
    events: {} as InvoicePdfEvent,
    input: {} as InvoicePdfInput,
    output: {} as InvoicePdfOutput,
    tags: {} as 'loading' | 'showing' | 'printing',
  },
  actors: {
    loadPdf: fromPromise<Blob, { row: EinvoiceListRow }>(async () => {
      throw notProvided('loadPdf');
    }),
    printPdf: fromPromise<void, { row: EinvoiceListRow; pdf: Blob }>(async () => {
      throw notProvided('printPdf');
    }),
  },
  actions: {
    setPdf: assign((_, params: { pdf: Blob }) => ({ pdf: params.pdf, errorCode: null })),
    clearPdf: assign({ pdf: null }),
    setError: assign((_, params: { code: string }) => ({ errorCode: params.code, pdf: null })),
    // Provided by the app: the bytes in a new tab, as a download; the toasts.
    openPdfInTab: (_, _params: { row: EinvoiceListRow; pdf: Blob }) => {},
    downloadPdf: (_, _params: { row: EinvoiceListRow; pdf: Blob }) => {},
    notifyPdfFailed: (_, _params: { code: string }) => {},
    notifyPrintFailed: (_, _params: { code: string }) => {},
  },
}).createMachine({
  id: 'invoicePdf',
  context: ({ input }) => ({ row: input.row, pdf: null, errorCode: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      description: "The provider's PDF of the row; closing meanwhile stops the request.",
      invoke: {
        id: 'loadPdf',
        src: 'loadPdf',
        input: ({ context }) => ({ row: context.row }),
        onDone: { target: 'showing', actions: { type: 'setPdf', params: ({ event }) => ({ pdf: event.output }) } },
        onError: {
          target: 'failed',
          actions: [
            { type: 'setError', params: ({ event }) => ({ code: errorCode(event.error) }) },
            { type: 'notifyPdfFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
          ],
        },
      },
      on: { CLOSE: { target: 'closed' } },
    },
    showing: {
      tags: ['showing'],
      description: 'The PDF in a frame with refresh, open in a new tab, download, print and close.',
      initial: 'idle',
      states: {
        idle: {
          on: { PRINT: { target: 'printing' } },
        },
        printing: {
          tags: ['printing'],
          description: 'Printing the PDF; a second click meanwhile is ignored.',
          invoke: {
            id: 'printPdf',
            src: 'printPdf',
            input: ({ context }) => ({ row: context.row, pdf: context.pdf! }),
            onDone: { target: 'idle' },
            onError: { target: 'idle', actions: { type: 'notifyPrintFailed', params: ({ event }) => ({ code: errorCode(event.error) }) } },
          },
        },
      },
      on: {
        REFRESH: {
          target: 'loading',
          actions: 'clearPdf',
          description: 'The PDF again from the provider (a signature or code may have landed).',
        },
        OPEN_TAB: { actions: { type: 'openPdfInTab', params: ({ context }) => ({ row: context.row, pdf: context.pdf! }) } },
        DOWNLOAD: { actions: { type: 'downloadPdf', params: ({ context }) => ({ row: context.row, pdf: context.pdf! }) } },
        CLOSE: { target: 'closed' },
      },
    },
    failed: {
      type: 'final',
      description: 'The PDF could not be loaded: the popup closes and a system_fail toast says so (doc 2 §8).',
    },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ shown: context.errorCode === null }),
});
