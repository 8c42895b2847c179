import type { SnapshotFrom } from 'xstate';
import type { txRuleFormMachine } from './txRuleForm.machine';
import type { txRuleListMachine } from './txRuleList.machine';
import { validateTxRule } from './rules/txRuleForm';

/** What the txrules screens read from their machines (tags and context, never state names). */

type ListSnapshot = SnapshotFrom<typeof txRuleListMachine>;
type FormSnapshot = SnapshotFrom<typeof txRuleFormMachine>;

export const selectSyncing = (s: ListSnapshot) => s.hasTag('syncing');

export const selectRuleChoices = (s: FormSnapshot) => s.context.choices;
export const selectRuleForm = (s: FormSnapshot) => s.context.form;
export const selectRuleIsNew = (s: FormSnapshot) => s.context.id === null;
/** doc 2 §5: submit is enabled only when all four fields are filled (and nothing is being saved). */
export const selectRuleCanSubmit = (s: FormSnapshot) =>
  s.hasTag('form') && !s.hasTag('busy') && Object.keys(validateTxRule(s.context.form.values)).length === 0;
export const selectRuleMissingFields = (s: FormSnapshot) => validateTxRule(s.context.form.values);
export const selectRuleSubmitError = (s: FormSnapshot) => s.context.form.saveError;
export const selectRuleLoadError = (s: FormSnapshot) => s.context.loadError;
export const selectRuleLoading = (s: FormSnapshot) => s.hasTag('loading');
export const selectRuleBusy = (s: FormSnapshot) => s.hasTag('busy');
export const selectRuleShowsForm = (s: FormSnapshot) => s.hasTag('form');
export const selectRuleLoadFailed = (s: FormSnapshot) => s.hasTag('failed');
export const selectRuleMissing = (s: FormSnapshot) => s.hasTag('missing');
