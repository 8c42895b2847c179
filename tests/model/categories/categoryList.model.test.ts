import { categoryList, categoryListMachine } from '../../../src/machines/categories/categoryList.machine';
import type { Category } from '../../../src/services/categories/schemas';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeListModel } from '../shared/list';
import { emptyPage, lastRowPage, pho, twoPages } from './fixtures';

interface CreateContext {
  form: { values: { name: string; description: string }; showErrors: boolean; saveError: string | null };
}

describeListModel<Category>({
  name: 'categoryList',
  machine: categoryListMachine,
  list: categoryList,
  input: {},
  samples: {
    page: twoPages,
    emptyPage,
    lastRowPage,
    loadError: serviceError('AUTHEN_FAIL', 401),
    pageSize: { accepted: 25, refused: 7 },
    delete: { row: pho, errors: [serviceError('NOT_FOUND', 404), networkError] },
  },
  promiseActors: ['createCategory'],
  spyActions: ['notifyCreated', 'notifyCreateFailed'],
  // What the create guards read: whether the name is valid.
  project: (c: CreateContext) => ({
    name: c.form.values.name.trim() === '' ? 'blank' : c.form.values.name.length > 50 ? 'long' : 'ok',
    shown: c.form.showErrors,
    error: c.form.saveError !== null,
  }),
  variants: [
    {
      variant: 'address bar',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'QUERY.REPLACE', query: { page: 2, pageSize: 25 } },
        { type: 'QUERY.REPLACE', query: { page: 1, pageSize: 10 } },
      ],
    },
    {
      variant: 'create',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'PAGE.SET', page: 2 },
        { type: 'CREATE.OPEN' },
        { type: 'FIELD.CHANGE', field: 'name', value: '  Bánh mì ' },
        { type: 'FIELD.CHANGE', field: 'name', value: '   ' },
        { type: 'FIELD.CHANGE', field: 'name', value: 'x'.repeat(51) },
        { type: 'FIELD.CHANGE', field: 'description', value: 'Bánh mì pate' },
        { type: 'CREATE.SUBMIT' },
        { type: 'CREATE.CANCEL' },
        { type: 'xstate.done.actor.createCategory', output: { id: 99 } },
        { type: 'xstate.error.actor.createCategory', error: serviceError('NAME_CODE_EXIST', 409) },
        { type: 'xstate.error.actor.createCategory', error: networkError },
      ],
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as (CreateContext & { page: number; form: CreateContext['form'] }) | undefined;
      const after = step.after.context as CreateContext & { page: number };
      const type = step.event.type;
      const created = step.invoked.find((c) => c.id === 'createCategory');
      // Nothing invalid is sent, and what is sent is the trimmed form.
      if (created && before) {
        const input = created.input as { name: string; description: string };
        if (input.name === '' || input.name.length > 50) throw new Error(`sent an invalid name ${JSON.stringify(input.name)}`);
        if (input.name !== before.form.values.name.trim()) throw new Error('sent something other than what was typed');
      }
      // A refusal keeps everything typed; a success clears the dialog and shows page 1, reloaded.
      if (type === 'xstate.error.actor.createCategory' && before) {
        if (JSON.stringify(after.form.values) !== JSON.stringify(before.form.values)) throw new Error('a refusal lost what was typed');
        if (!step.actions.some((a) => a.action === 'notifyCreateFailed')) throw new Error('a refusal said nothing');
      }
      if (type === 'xstate.done.actor.createCategory') {
        if (after.page !== 1 || !step.after.hasTag('loading')) throw new Error('a new category did not reload page 1');
        if (after.form.values.name !== '') throw new Error('the dialog kept the old values');
      }
      if (type === 'QUERY.REPLACE') {
        const query = (step.event as unknown as { query: { page: number; pageSize: number } }).query;
        const b = step.before?.context as { page: number; pageSize: number } | undefined;
        const same = b && b.page === query.page && b.pageSize === query.pageSize;
        const loaded = step.invoked.some((c) => c.id === 'loadPage');
        if (same && loaded) throw new Error('the address the list already shows reloaded it');
        if (!same && !loaded) throw new Error('a new address did not load its page');
      }
    }
  },
});
