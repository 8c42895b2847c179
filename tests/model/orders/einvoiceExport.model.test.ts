import { buyerValid, WALK_IN_BUYER } from '../../../src/machines/orders/einvoice/buyer';
import { einvoiceExportMachine, type EinvoiceExportContext } from '../../../src/machines/orders/einvoiceExport.machine';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { company, inactive, issued, issuedBefore, settings, toExport } from './einvoiceFixtures';

/** The checks before the form: set-up, declaration, and their failures. */
const checkEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadSettings', output: settings },
  { type: 'xstate.done.actor.loadSettings', output: null },
  { type: 'xstate.done.actor.loadSettings', output: inactive },
  { type: 'xstate.error.actor.loadSettings', error: networkError },
  { type: 'xstate.done.actor.checkDeclaration', output: { approved: true } },
  { type: 'xstate.done.actor.checkDeclaration', output: { approved: false } },
  { type: 'xstate.error.actor.checkDeclaration', error: serviceError('EINV_PROVIDER_DOWN', 503) },
  { type: 'RETRY' },
  { type: 'CLOSE' },
];

/** The buyer form: kinds, fields, the lookup. */
const formEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadSettings', output: settings },
  { type: 'xstate.done.actor.checkDeclaration', output: { approved: true } },
  { type: 'BUYER.KIND', individual: false },
  { type: 'BUYER.KIND', individual: true },
  { type: 'FIELD.CHANGE', field: 'taxCode', value: '0100109106' },
  { type: 'FIELD.CHANGE', field: 'taxCode', value: '01001' },
  // D237: a wrong check digit and a short personal ID number make the form invalid.
  { type: 'FIELD.CHANGE', field: 'taxCode', value: '0100109107' },
  { type: 'FIELD.CHANGE', field: 'idCard', value: '0011850' },
  { type: 'FIELD.CHANGE', field: 'name', value: '' },
  { type: 'LOOKUP' },
  { type: 'xstate.done.actor.lookupCompany', output: company },
  { type: 'xstate.done.actor.lookupCompany', output: null },
  { type: 'xstate.error.actor.lookupCompany', error: serviceError('EINV_TAX_CODE_INVALID') },
  { type: 'SUBMIT' },
  { type: 'CLOSE' },
];

/** From a valid individual buyer: issuing, saving, and every outcome. */
const exportEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadSettings', output: settings },
  { type: 'xstate.done.actor.checkDeclaration', output: { approved: true } },
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.createInvoice', output: issued },
  { type: 'xstate.done.actor.createInvoice', output: issuedBefore },
  { type: 'xstate.error.actor.createInvoice', error: serviceError('EINV_INVOICE_REFUSED') },
  { type: 'xstate.done.actor.saveCode', output: { eivCode: issued.eivCode } },
  { type: 'xstate.error.actor.saveCode', error: serviceError('INVOICE_ALREADY_EXPORTED', 409, { eiv_code: 'M1::OLD1::3' }) },
  { type: 'xstate.error.actor.saveCode', error: serviceError('INVOICE_ALREADY_EXPORTED', 409, {}) },
  { type: 'xstate.error.actor.saveCode', error: networkError },
  { type: 'RETRY' },
  { type: 'CLOSE' },
];

const project = (c: EinvoiceExportContext) => ({
  individual: c.form.values.isIndividual,
  valid: buyerValid(c.form.values),
  tax: /^\d{10}$/.test(c.form.values.taxCode),
  named: c.form.values.name !== '',
  filled: c.form.values.company !== '',
  lookup: c.lookupError !== null,
  error: c.error,
  issued: c.issued?.eivCode ?? null,
  code: c.eivCode,
  already: c.alreadyExported,
  submitted: c.form.showErrors,
});

describeModel({
  name: 'einvoiceExport',
  machine: einvoiceExportMachine,
  promiseActors: ['loadSettings', 'checkDeclaration', 'lookupCompany', 'createInvoice', 'saveCode'],
  spyActions: ['orderExported', 'notifyExported', 'notifyAlreadyExported', 'notifyFailed'],
  variants: [
    {
      variant: 'checks',
      input: { order: toExport },
      events: checkEvents,
      ignore: ['BUYER.KIND', 'FIELD.CHANGE', 'LOOKUP', 'SUBMIT'],
      project: project as (context: never) => unknown,
    },
    {
      variant: 'form',
      input: { order: toExport },
      events: formEvents,
      ignore: [
        'xstate.error.actor.loadSettings',
        'xstate.error.actor.checkDeclaration',
        'xstate.done.actor.createInvoice',
        'xstate.error.actor.createInvoice',
        'RETRY',
      ],
      project: project as (context: never) => unknown,
    },
    {
      variant: 'export',
      input: { order: toExport },
      events: exportEvents,
      ignore: ['BUYER.KIND', 'FIELD.CHANGE', 'LOOKUP', 'xstate.error.actor.loadSettings', 'xstate.error.actor.checkDeclaration'],
      project: project as (context: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const after = step.after.context as EinvoiceExportContext;
      const before = step.before?.context as EinvoiceExportContext | undefined;
      const actions = step.actions.map((a) => a.action);
      for (const call of step.invoked) {
        // An invalid buyer is never sent, and the order is always the provider's key.
        if (call.id === 'createInvoice') {
          const input = call.input as { orderId: number; buyer: { name: string; isIndividual: boolean; taxCode?: string } };
          if (!before || !buyerValid(before.form.values)) throw new Error('an invalid buyer was sent');
          if (input.orderId !== toExport.order_id) throw new Error('the key is not the order');
          if (input.buyer.isIndividual && input.buyer.name !== (before.form.values.name.trim() || WALK_IN_BUYER))
            throw new Error('buyer name changed');
        }
        // Saving again after "not saved" sends the code issued, never a new export.
        if (call.id === 'saveCode' && (call.input as { eivCode: string }).eivCode !== after.issued?.eivCode)
          throw new Error('saved another code');
        if (call.id === 'lookupCompany' && !/^\d{10}(-\d{3})?$/.test((call.input as { taxCode: string }).taxCode))
          throw new Error('looked up without a tax code');
      }
      if (step.event.type === 'RETRY' && step.before?.hasTag('notSaved') && step.invoked.some((c) => c.id === 'createInvoice'))
        throw new Error('a retry of the save issued again');
      // A refused export keeps everything typed and says so.
      if (step.event.type === 'xstate.error.actor.createInvoice') {
        if (JSON.stringify(before?.form.values) !== JSON.stringify(after.form.values)) throw new Error('a refused export lost the buyer');
        if (!actions.includes('notifyFailed')) throw new Error('no toast for a refused export');
      }
      // D284: Export refused while invalid keeps every value.
      if (
        step.event.type === 'SUBMIT' &&
        step.after.hasTag('form') &&
        JSON.stringify(before?.form.values) !== JSON.stringify(after.form.values)
      )
        throw new Error('a refusal changed the buyer');
      if (step.after.hasTag('done')) {
        if (after.eivCode === null) throw new Error('done without a code');
        if (!step.before?.hasTag('done') && !actions.includes('orderExported')) throw new Error('the list was not told');
      }
      if (step.event.type === 'xstate.error.actor.saveCode' && step.after.hasTag('done') && after.eivCode !== 'M1::OLD1::3')
        throw new Error('already exported did not keep the stored code');
      if (step.after.hasTag('form') && !step.before?.hasTag('form') && step.before?.hasTag('checking') && !after.settings?.active)
        throw new Error('form opened without an active set-up');
    }
  },
});
