import {
  invoiceCorrectMachine,
  type InvoiceCorrectContext,
  type InvoiceCorrectOutput,
} from '../../../src/machines/einvoice/invoiceCorrect.machine';
import { REPO_VAT_RATES_INPUT, vatRateTableSchema } from '../../../src/rules/vatRates';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { codedRow } from './listFixtures';

/**
 * D243, D244: the correction dialog. Nothing is sent before a review of a draft with
 * its reason and valid lines; a second confirm sends nothing more; a refusal keeps what was typed;
 * every call carries the dialog's one key.
 */

const vatRates = vatRateTableSchema.parse(REPO_VAT_RATES_INPUT);
const KEY = '2f1c0d3e-8a4b-4c5d-9e6f-7a8b9c0d1e2f';
const result = { eivCode: '::ABCDEFGHJK::3', serial: '1C26TMV', providerId: KEY, existing: false };

const reason: SampleEvent = { type: 'FIELD.CHANGE', field: 'reason', value: 'Khách trả lại 1 chai bia' };
const beer: SampleEvent = { type: 'LINE.SET', index: 0, patch: { name: 'Bia Hà Nội', unitPrice: 25_000, taxClass: 'STANDARD' } };
const done: SampleEvent = { type: 'xstate.done.actor.correctInvoice', output: result };

const amounts: SampleEvent[] = [
  { type: 'REVIEW' },
  reason,
  beer,
  { type: 'BACK' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'CLOSE' },
  done,
  { type: 'xstate.error.actor.correctInvoice', error: serviceError('EINV_CORRECTION_REFUSED', 200, { reason: 'replaced' }) },
  { type: 'xstate.error.actor.correctInvoice', error: networkError },
];

const kinds: SampleEvent[] = [
  { type: 'KIND.SET', kind: 'adjustInfo' },
  { type: 'KIND.SET', kind: 'replace' },
  { type: 'FIELD.CHANGE', field: 'buyerName', value: '' },
  { type: 'FIELD.CHANGE', field: 'buyerAddress', value: '12 Hàng Bạc, Hoàn Kiếm, Hà Nội' },
  reason,
  { type: 'REVIEW' },
  { type: 'CONFIRM' },
  done,
];

const lines: SampleEvent[] = [{ type: 'LINE.ADD' }, { type: 'LINE.REMOVE', index: 1 }, beer, reason, { type: 'REVIEW' }];

const project = ((c: InvoiceCorrectContext) => ({
  kind: c.kind,
  reason: c.form.values.reason !== '',
  buyer: c.form.values.buyerName !== '',
  lines: c.lines.length,
  named: c.lines.filter((l) => l.name !== '').length,
  problems: c.problems.length > 0,
  error: c.errorCode,
  result: c.result !== null,
})) as (context: never) => unknown;

describeModel({
  name: 'invoiceCorrect',
  machine: invoiceCorrectMachine,
  promiseActors: ['correctInvoice'],
  spyActions: ['notifyCorrected'],
  variants: [
    {
      variant: 'adjust amounts',
      input: { row: codedRow, key: KEY, vatRates },
      events: amounts,
      project,
      ignore: ['KIND.SET', 'LINE.ADD', 'LINE.REMOVE'],
    },
    {
      variant: 'information and replace',
      input: { row: codedRow, key: KEY, vatRates },
      events: kinds,
      project,
      ignore: ['LINE.ADD', 'LINE.REMOVE', 'LINE.SET', 'BACK', 'CANCEL', 'CLOSE', 'xstate.error.actor.correctInvoice'],
    },
    {
      variant: 'lines',
      input: { row: codedRow, key: KEY, vatRates },
      events: lines,
      project,
      ignore: ['KIND.SET', 'BACK', 'CONFIRM', 'CANCEL', 'CLOSE'],
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const type = step.event.type;
      const actions = step.actions.map((a) => a.action);
      const before = step.before?.context as InvoiceCorrectContext | undefined;
      const after = step.after.context as InvoiceCorrectContext;
      for (const call of step.invoked.filter((c) => c.id === 'correctInvoice')) {
        if (type !== 'CONFIRM') throw new Error('sent without a confirmation');
        const draft = (call.input as { draft: { key: string; reason: string; lines: unknown[]; adjustKind: string | null } }).draft;
        if (draft.key !== KEY) throw new Error('a call without the dialog key');
        if (!draft.reason) throw new Error('sent without a reason');
        if (draft.adjustKind !== 'info' && draft.lines.length === 0) throw new Error('an amount correction without lines');
      }
      if (type === 'REVIEW' && step.after.matches('reviewing') && after.kind !== 'adjustInfo' && after.tax === null)
        throw new Error('reviewed without the tax of its lines');
      if (type === 'REVIEW' && step.after.matches('editing') && after.problems.length === 0)
        throw new Error('a refused review named nothing');
      // D284: a refused review keeps every value.
      if (
        type === 'REVIEW' &&
        step.after.matches('editing') &&
        before &&
        JSON.stringify(after.form.values) !== JSON.stringify(before.form.values)
      )
        throw new Error('a refused review changed the form');
      if (type === 'CONFIRM' && step.before?.hasTag('busy') && step.invoked.length > 0) throw new Error('a second click sent twice');
      if (type === 'xstate.done.actor.correctInvoice' && !actions.includes('notifyCorrected')) throw new Error('a correction said nothing');
      if (type === 'xstate.error.actor.correctInvoice' && before) {
        if (after.errorCode === null) throw new Error('a refusal said nothing');
        if (
          JSON.stringify(after.form.values) !== JSON.stringify(before.form.values) ||
          JSON.stringify(after.lines) !== JSON.stringify(before.lines)
        )
          throw new Error('a refusal lost what was typed');
      }
      if (step.after.status === 'done') {
        const output = step.after.output as InvoiceCorrectOutput;
        if (output.corrected !== (after.result !== null)) throw new Error('the output does not follow the outcome');
      }
    }
  },
});
