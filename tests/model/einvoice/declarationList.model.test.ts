import { declarationListMachine, type DeclarationListContext } from '../../../src/machines/einvoice/declarationList.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

/** doc 2 §2 /e-inv-declaration, §3 declaration record, §6 set-up needed, §9 from 1 January. */

const settings = {
  provider: 'misa',
  activeMethod: 'einv_provider_account',
  taxCode: '079185001234',
  username: 'colan-misa',
  hasPassword: true,
  serial: '1C26TMS',
  tax: 8,
  autoExport: false,
  printInvoice: false,
  active: true,
  updatedAt: 1,
};
const record = (createDate: string, status: string) => ({
  type: '01/ĐKTĐ-HĐĐT',
  email: 'colan@example.vn',
  createDate,
  statusSent: 'SENT',
  statusReply: 'WAITING',
  sender: 'colan@example.vn',
  sentDate: createDate,
  status,
});
const older = record('2026-02-01T03:00:00.000Z', 'APPROVED');
const newer = record('2026-11-14T03:00:00.000Z', 'PENDING');

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.loadSettings', output: settings },
  { type: 'xstate.done.actor.loadSettings', output: null },
  { type: 'xstate.done.actor.loadSettings', output: { ...settings, active: false } },
  { type: 'xstate.error.actor.loadSettings', error: networkError },
  { type: 'xstate.done.actor.loadDeclarations', output: { approved: false, records: [older, newer] } },
  { type: 'xstate.done.actor.loadDeclarations', output: { approved: true, records: [] } },
  { type: 'xstate.error.actor.loadDeclarations', error: serviceError('EINV_PROVIDER_DOWN', 503) },
  { type: 'REFRESH' },
  { type: 'RETRY' },
];

const project = ((c: DeclarationListContext) => ({
  provider: c.provider,
  approved: c.approved,
  n: c.records.length,
  error: c.errorCode,
})) as (context: never) => unknown;

describeModel({
  name: 'declarationList',
  machine: declarationListMachine,
  promiseActors: ['loadSettings', 'loadDeclarations'],
  variants: [{ events, project }],
  check(outcome) {
    for (const step of outcome.steps) {
      const ctx = step.after.context as DeclarationListContext;
      for (const call of step.invoked) {
        if (call.id === 'loadDeclarations' && (call.input as { provider: string }).provider !== 'misa')
          throw new Error('asked another provider');
      }
      if (ctx.records.length === 2 && ctx.records[0]!.createDate !== newer.createDate) throw new Error('not newest first');
      if (step.after.hasTag('notSetUp') && step.invoked.some((c) => c.id === 'loadDeclarations'))
        throw new Error('read declarations without a set-up');
    }
  },
});
