import { invoicePdfMachine, type InvoicePdfContext } from '../../../src/machines/einvoice/invoicePdf.machine';
import { serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { pdfBlob, waitingRow } from './listFixtures';

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.loadPdf', output: pdfBlob },
  { type: 'xstate.error.actor.loadPdf', error: serviceError('EINV_PDF_NOT_READY', 409) },
  { type: 'xstate.done.actor.printPdf', output: undefined },
  { type: 'xstate.error.actor.printPdf', error: { code: 'PRINT_FAILED' } },
  { type: 'REFRESH' },
  { type: 'OPEN_TAB' },
  { type: 'DOWNLOAD' },
  { type: 'PRINT' },
  { type: 'CLOSE' },
];

const project = ((c: InvoicePdfContext) => ({ pdf: c.pdf !== null, error: c.errorCode })) as (context: never) => unknown;

describeModel({
  name: 'invoicePdf',
  machine: invoicePdfMachine,
  promiseActors: ['loadPdf', 'printPdf'],
  spyActions: ['openPdfInTab', 'downloadPdf', 'notifyPdfFailed', 'notifyPrintFailed'],
  variants: [{ variant: 'M-Invoice row', input: { row: waitingRow }, events, project }],
  check(outcome) {
    for (const step of outcome.steps) {
      const type = step.event.type;
      const actions = step.actions.map((a) => a.action);
      const after = step.after;
      const context = after.context as InvoicePdfContext;
      for (const call of step.invoked) {
        if ((call.input as { row: unknown }).row !== waitingRow) throw new Error(`${call.id} for another row`);
        if (call.id === 'printPdf' && (call.input as { pdf: unknown }).pdf !== pdfBlob) throw new Error('printed something else');
      }
      // The bytes handed out are the ones shown, and only once there are some.
      for (const call of step.actions.filter((a) => a.action === 'openPdfInTab' || a.action === 'downloadPdf')) {
        if ((call.params as { pdf: unknown }).pdf !== pdfBlob) throw new Error(`${call.action} without the PDF`);
      }
      if (after.hasTag('showing') && context.pdf === null) throw new Error('showing without a PDF');
      if (type === 'xstate.error.actor.loadPdf') {
        if (!actions.includes('notifyPdfFailed')) throw new Error('a failed load said nothing');
        if (after.status !== 'done' || (after.output as { shown: boolean }).shown) throw new Error('a failed load did not close the popup');
      }
      if (type === 'xstate.error.actor.printPdf' && !actions.includes('notifyPrintFailed')) throw new Error('a failed print said nothing');
      if (type === 'PRINT' && step.before?.hasTag('printing') && step.invoked.length > 0) throw new Error('a second click printed twice');
    }
  },
});
