import type { SnapshotFrom } from 'xstate';
import type { einvoiceListMachine } from '../einvoiceList.machine';
import type { invoicePdfMachine } from '../invoicePdf.machine';
import type { invoiceSignMachine } from '../invoiceSign.machine';

/** What the /e-invoice screens read from their machines (tags and context, never state names). */

type ListSnapshot = SnapshotFrom<typeof einvoiceListMachine>;
type PdfSnapshot = SnapshotFrom<typeof invoicePdfMachine>;
type SignSnapshot = SnapshotFrom<typeof invoiceSignMachine>;

export const NOT_SET_UP = 'EINV_NOT_SET_UP';

export const selectTyped = (s: ListSnapshot) => s.context.typed;
export const selectFilter = (s: ListSnapshot) => s.context.filter;
export const selectProvider = (s: ListSnapshot) => s.context.provider;
/** The last load said the e-invoice is not set up (doc 2 §6): the screen links to the setting instead of a retry. */
export const selectNotSetUp = (s: ListSnapshot) => s.hasTag('failed') && s.context.errorCode === NOT_SET_UP;
/** The provider set up has no invoice list (doc 2 §2 "some providers show a coming-soon placeholder"). */
export const selectListComingSoon = (s: ListSnapshot) => s.context.provider !== null && !s.context.provider.features.includes('invoices');
export const selectPdfActor = (s: ListSnapshot) => (s.hasTag('viewing') ? s.children.pdf : undefined);
export const selectSignActor = (s: ListSnapshot) => (s.hasTag('signing') ? s.children.sign : undefined);
export const selectCorrectActor = (s: ListSnapshot) => (s.hasTag('correcting') ? s.children.correct : undefined);
export const selectToday = (s: ListSnapshot) => s.context.today;

export const selectPdfRow = (s: PdfSnapshot) => s.context.row;
export const selectPdf = (s: PdfSnapshot) => s.context.pdf;
export const selectPdfLoading = (s: PdfSnapshot) => s.hasTag('loading');
export const selectPdfShowing = (s: PdfSnapshot) => s.hasTag('showing');
export const selectPdfPrinting = (s: PdfSnapshot) => s.hasTag('printing');

export const selectSignRow = (s: SignSnapshot) => s.context.row;
export const selectSignOpen = (s: SignSnapshot) => s.hasTag('confirming');
export const selectSignBusy = (s: SignSnapshot) => s.hasTag('busy');
