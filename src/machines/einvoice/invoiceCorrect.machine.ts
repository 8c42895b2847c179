import { assign, fromPromise, setup } from 'xstate';
import type { CorrectionDraft, EinvoiceListRow, InvoiceCorrectInput } from '../../services/einvoice/list/schemas';
import type { ExportResult } from '../../services/einvoice/core/types';
import { invoiceTotals, MAX_QUANTITY, type InvoiceTax } from '../../rules/invoiceTax';
import { taxCodeValid } from '../../rules/taxCode';
import { DEFAULT_TAX_CLASS, type TaxClass, type VatRateTable } from '../../rules/vatRates';
import { errorCode, notProvided } from '../../rules/serviceError';
import { defineForm, type FormFieldEvent, type FormKit, type FormState } from '../shared/form/form';

/**
 * The correction of an issued invoice from /e-invoice (D243, D244): Decree 70 leaves no
 * cancellation, so the merchant adjusts (the amounts: difference lines, each raising or lowering the
 * original; or the buyer's information only) or replaces the invoice, always with a reason. A review
 * shows what will be issued (each line's rate and VAT at the original's sale day, the totals) before
 * the provider is asked; the answer shows the new invoice. The key comes with the input (one per
 * dialog), so a double click or a retry after a lost answer finds the correction made the first time.
 * A refusal keeps everything typed and says why in the dialog. The reason and the buyer are the shared
 * form (../shared/form/form.ts, D283: FIELD.CHANGE); the kind (KIND.SET: it also clears the named
 * problems and the refusal) and the table of lines (LINE.SET by row, LINE.ADD and LINE.REMOVE within
 * 1…20 rows) keep their own events. Problems are named at Review, beside their field or line, as before.
 */

export type CorrectionKind = 'adjustAmount' | 'adjustInfo' | 'replace';
export const CORRECTION_KINDS: readonly CorrectionKind[] = ['adjustAmount', 'adjustInfo', 'replace'];

export interface DraftLine {
  name: string;
  /** Whole units. */
  quantity: number;
  /** Whole đồng, VAT included: the menu price of one unit. */
  unitPrice: number;
  taxClass: TaxClass;
  /** Adjustments only: the line lowers the original (a refund). */
  decrease: boolean;
}

export type DraftField = 'reason' | 'buyerName' | 'buyerAddress' | 'buyerTaxCode';
/** The typed fields: the reason and the correcting invoice's buyer. */
export type CorrectValues = Record<DraftField, string>;
/** Problems the review names: a field, or a line's field ('lines.0.name'). */
export type CorrectionProblem = string;

export const REASON_MAX = 255;
/** Lines one correction carries (the providers take 500; a dialog beyond this is not a correction). */
export const MAX_DRAFT_LINES = 20;
const NAME_MAX = 400;
const MAX_UNIT_PRICE = 999_999_999_999;

export interface InvoiceCorrectContext {
  row: EinvoiceListRow;
  key: string;
  vatRates: VatRateTable;
  kind: CorrectionKind;
  /**
   * The reason and the correcting invoice's buyer (D283). The list knows the original's buyer by name
   * only, so a business buyer's tax code is typed again: with one the buyer is the business (D237), its
   * address required.
   */
  form: FormState<CorrectValues>;
  lines: DraftLine[];
  /** The tax of the lines at the original's sale day, once reviewed. */
  tax: InvoiceTax | null;
  problems: CorrectionProblem[];
  errorCode: string | null;
  errorReason: string | null;
  result: ExportResult | null;
}

export type InvoiceCorrectEvent =
  | { type: 'KIND.SET'; kind: CorrectionKind }
  | FormFieldEvent<CorrectValues>
  | { type: 'LINE.SET'; index: number; patch: Partial<DraftLine> }
  | { type: 'LINE.ADD' }
  | { type: 'LINE.REMOVE'; index: number }
  | { type: 'REVIEW' }
  | { type: 'BACK' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'CLOSE' };

export interface InvoiceCorrectOutput {
  /** A correction was issued: the list reloads. */
  corrected: boolean;
}

export const emptyLine = (): DraftLine => ({ name: '', quantity: 1, unitPrice: 0, taxClass: DEFAULT_TAX_CLASS, decrease: true });

const cleanText = (value: string, max: number) => value.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, max);

/** The typed fields in the order the review names their problems. */
const CORRECT_FIELDS: readonly DraftField[] = ['reason', 'buyerName', 'buyerTaxCode', 'buyerAddress'];

/**
 * The typed fields' rules, one kit per kind (D284: the rule reads the kind, not a value): the buyer is
 * asked only when the correction changes it. A field's code is its own name, as the review names it.
 */
const kitOf = (kind: CorrectionKind): FormKit<CorrectValues, DraftField, DraftField> =>
  defineForm<CorrectValues, DraftField, DraftField>({
    fields: CORRECT_FIELDS,
    validate: (values) => {
      const found: Partial<Record<DraftField, DraftField>> = {};
      if (!values.reason.trim()) found.reason = 'reason';
      if (kind !== 'adjustAmount') {
        const taxCode = values.buyerTaxCode.trim();
        if (!values.buyerName.trim()) found.buyerName = 'buyerName';
        if (taxCode && !taxCodeValid(taxCode)) found.buyerTaxCode = 'buyerTaxCode';
        if (taxCode && !values.buyerAddress.trim()) found.buyerAddress = 'buyerAddress';
      }
      return found;
    },
  });
const KITS = Object.fromEntries(CORRECTION_KINDS.map((kind) => [kind, kitOf(kind)])) as Record<
  CorrectionKind,
  FormKit<CorrectValues, DraftField, DraftField>
>;
export const correctFormKit = (kind: CorrectionKind) => KITS[kind];

/** What the review refuses, by field; empty when the draft can be issued. */
export function correctionProblems(c: Pick<InvoiceCorrectContext, 'kind' | 'form' | 'lines'>): CorrectionProblem[] {
  const found = correctFormKit(c.kind).errors(c.form.values);
  const problems: CorrectionProblem[] = CORRECT_FIELDS.filter((field) => found[field] !== undefined);
  if (c.kind === 'adjustInfo') return problems;
  if (c.lines.length === 0) problems.push('lines');
  c.lines.forEach((line, i) => {
    if (!line.name.trim()) problems.push(`lines.${i}.name`);
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_QUANTITY) problems.push(`lines.${i}.quantity`);
    if (!Number.isSafeInteger(line.unitPrice) || line.unitPrice < 1 || line.unitPrice > MAX_UNIT_PRICE)
      problems.push(`lines.${i}.unitPrice`);
  });
  return problems;
}

/** The tax of the lines on the original's sale day (its rates, Decree 70), or null when a class has no rate then. */
export function correctionTax(c: Pick<InvoiceCorrectContext, 'kind' | 'lines' | 'row' | 'vatRates'>): InvoiceTax | null {
  if (c.kind === 'adjustInfo') return null;
  try {
    return invoiceTotals(
      c.lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity, taxClass: l.taxClass })),
      c.row.invoice.invoiceDate,
      c.vatRates,
    );
  } catch {
    return null;
  }
}

/** The buyer as the providers take it: a business with its tax code (named as its company), else a person. */
function buyerOf(values: CorrectValues): CorrectionDraft['buyer'] {
  const name = values.buyerName.trim();
  const address = values.buyerAddress.trim();
  const taxCode = values.buyerTaxCode.trim();
  if (taxCode) return { isIndividual: false, name, company: name, taxCode, address };
  return { isIndividual: true, name, ...(address ? { address } : {}) };
}

/** The draft the list service turns into the provider's request. */
export function draftOf(c: InvoiceCorrectContext): CorrectionDraft {
  const info = c.kind === 'adjustInfo';
  return {
    kind: c.kind === 'replace' ? 'replace' : 'adjust',
    adjustKind: c.kind === 'replace' ? null : info ? 'info' : 'amount',
    key: c.key,
    reason: c.form.values.reason.trim(),
    buyer: buyerOf(c.form.values),
    lines: info
      ? []
      : c.lines.map((l) => ({ name: l.name.trim(), quantity: l.quantity, unitPriceGross: l.unitPrice, taxClass: l.taxClass })),
    tax: c.tax,
    decreases: c.kind === 'adjustAmount' ? c.lines.map((l) => l.decrease) : [],
  };
}

export const invoiceCorrectMachine = setup({
  types: {
    context: {} as InvoiceCorrectContext,
    events: {} as InvoiceCorrectEvent,
    input: {} as InvoiceCorrectInput,
    output: {} as InvoiceCorrectOutput,
    tags: {} as 'busy',
  },
  actors: {
    correctInvoice: fromPromise<ExportResult, { row: EinvoiceListRow; draft: CorrectionDraft }>(async () => {
      throw notProvided('correctInvoice');
    }),
  },
  actions: {
    setKind: assign((_, params: { kind: CorrectionKind }) => ({ kind: params.kind, problems: [], errorCode: null, errorReason: null })),
    changeField: assign(({ context }, params: { field: DraftField; value: string }) => {
      // A tax code keeps its digits and the branch's hyphen only (14 characters at most: 10-3 or 12).
      const value =
        params.field === 'reason'
          ? cleanText(params.value, REASON_MAX)
          : params.field === 'buyerTaxCode'
            ? params.value.replace(/[^\d-]/g, '').slice(0, 14)
            : cleanText(params.value, NAME_MAX);
      return { form: correctFormKit(context.kind).change(context.form, params.field, value) };
    }),
    setLine: assign(({ context }, params: { index: number; patch: Partial<DraftLine> }) => ({
      lines: context.lines.map((line, i) =>
        i === params.index
          ? { ...line, ...params.patch, ...(params.patch.name !== undefined ? { name: cleanText(params.patch.name, NAME_MAX) } : {}) }
          : line,
      ),
    })),
    addLine: assign(({ context }) => ({ lines: [...context.lines, emptyLine()] })),
    removeLine: assign(({ context }, params: { index: number }) => ({ lines: context.lines.filter((_, i) => i !== params.index) })),
    review: assign(({ context }) => ({ problems: [], tax: correctionTax(context), errorCode: null, errorReason: null })),
    markProblems: assign(({ context }) => {
      const problems = correctionProblems(context);
      // Every line valid but a class without a rate on the original's day: the lines are refused as a whole.
      return { problems: problems.length > 0 ? problems : ['lines'] };
    }),
    setResult: assign((_, params: { result: ExportResult }) => ({ result: params.result, errorCode: null, errorReason: null })),
    setError: assign((_, params: { code: string; reason: string | null }) => ({ errorCode: params.code, errorReason: params.reason })),
    // Provided by the app: the success toast.
    notifyCorrected: (_, _params: { result: ExportResult }) => {},
  },
  guards: {
    reviewable: ({ context }) =>
      correctionProblems(context).length === 0 && (context.kind === 'adjustInfo' || correctionTax(context) !== null),
    canRemoveLine: ({ context }) => context.lines.length > 1,
    canAddLine: ({ context }) => context.lines.length < MAX_DRAFT_LINES,
  },
}).createMachine({
  id: 'invoiceCorrect',
  context: ({ input }) => ({
    row: input.row,
    key: input.key,
    vatRates: input.vatRates,
    kind: 'adjustAmount',
    form: KITS.adjustAmount.initial({ reason: '', buyerName: input.row.invoice.buyerName, buyerAddress: '', buyerTaxCode: '' }),
    lines: [emptyLine()],
    tax: null,
    problems: [],
    errorCode: null,
    errorReason: null,
    result: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'Adjust the amounts (difference lines), adjust the information (buyer) or replace; the reason is required.',
      on: {
        'KIND.SET': { actions: { type: 'setKind', params: ({ event }) => ({ kind: event.kind }) } },
        // FIELD.BLUR is not handled: problems are named at Review only.
        'FIELD.CHANGE': { actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        'LINE.SET': { actions: { type: 'setLine', params: ({ event }) => ({ index: event.index, patch: event.patch }) } },
        'LINE.ADD': { guard: 'canAddLine', actions: 'addLine' },
        'LINE.REMOVE': { guard: 'canRemoveLine', actions: { type: 'removeLine', params: ({ event }) => ({ index: event.index }) } },
        REVIEW: [
          { guard: 'reviewable', target: 'reviewing', actions: 'review' },
          { actions: 'markProblems', description: 'Each problem is named beside its field; nothing is sent.' },
        ],
        CANCEL: { target: 'cancelled' },
      },
    },
    reviewing: {
      description: 'What will be issued: the kind, the original it names, the lines with their rates and VAT, the totals, the reason.',
      on: { CONFIRM: { target: 'submitting' }, BACK: { target: 'editing' }, CANCEL: { target: 'cancelled' } },
    },
    submitting: {
      tags: ['busy'],
      description: "The provider's replace or adjust call under the dialog's key; the buttons are disabled.",
      invoke: {
        id: 'correctInvoice',
        src: 'correctInvoice',
        input: ({ context }) => ({ row: context.row, draft: draftOf(context) }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'setResult', params: ({ event }) => ({ result: event.output }) },
            { type: 'notifyCorrected', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: {
          target: 'editing',
          description: 'The refusal is said in the dialog, everything typed kept; a retry sends the same key.',
          actions: {
            type: 'setError',
            params: ({ event }) => {
              const data = (event.error as { data?: { reason?: unknown } } | null)?.data;
              return { code: errorCode(event.error), reason: typeof data?.reason === 'string' ? data.reason : null };
            },
          },
        },
      },
    },
    done: {
      description: 'The new invoice (symbol and number); Close reloads the list.',
      on: { CLOSE: { target: 'closed' } },
    },
    closed: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ corrected: context.result !== null }),
});
