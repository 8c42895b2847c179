import { useEffect, useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { Route, Routes, useNavigate, useSearchParams } from 'react-router-dom';
import type { AnyActorRef } from 'xstate';
import { txRuleFormMachine } from '../../machines/txrules/txRuleForm.machine';
import { txRuleListMachine } from '../../machines/txrules/txRuleList.machine';
import { NotFound } from '../../screens/shared/NotFound';
import { TxRuleFormScreen } from '../../screens/txrules/TxRuleFormScreen';
import { TxRuleListScreen } from '../../screens/txrules/TxRuleListScreen';
import { notify } from '../shared/notify';
import { useAreaActors, useRuntime } from '../shared/composition';
import { txRulesActorsOf } from './actors';
import { useStoreOptions } from '../shared/use-store-options';
import { txRulePaths, txRuleSegments } from './paths';

/**
 * /setting-tx and its forms (doc 2 §2): the list with delete and "apply", /setting-tx/create and
 * /setting-tx/update?id=. The actors are made once per page load on the portal client; the rule-name
 * choices are the merchant's stores from the shared cached lookup (D166). A saved or cancelled form
 * returns to the rule list, not to /staff as doc 2 §2 says (D168).
 */
function useBackToListWhenDone(actor: AnyActorRef) {
  const navigate = useNavigate();
  useEffect(() => {
    const sub = actor.subscribe((snap) => {
      if (snap.status === 'done') navigate(txRulePaths.list());
    });
    return () => sub.unsubscribe();
  }, [actor, navigate]);
}

function ListPage() {
  const { inspect } = useRuntime();
  const a = useAreaActors(txRulesActorsOf);
  const machine = useMemo(() => {
    const { loadRules, deleteRule, syncRules } = a;
    return txRuleListMachine.provide({
      actors: { loadPage: loadRules, deleteRow: deleteRule, syncRules },
      actions: {
        notifyDeleted: (_, p) =>
          notify.success({
            title: 'txrules:delete.successTitle',
            message: 'txrules:delete.successBody',
            values: { name: p.row.display_name },
          }),
        notifyDeleteFailed: (_, p) => notify.failure('txrules:delete.failTitle', p.code),
        notifySynced: () => notify.success({ title: 'txrules:sync.successTitle', message: 'txrules:sync.successBody' }),
        notifySyncFailed: (_, p) => notify.failure('txrules:sync.failTitle', p.code),
      },
    });
  }, [a]);
  const actor = useActorRef(machine, { inspect });
  return <TxRuleListScreen actor={actor} addHref={txRulePaths.create()} editHref={txRulePaths.update} />;
}

function RuleForm({ id }: { id: number | null }) {
  const { inspect } = useRuntime();
  const a = useAreaActors(txRulesActorsOf);
  const { stores, loading } = useStoreOptions();
  const machine = useMemo(() => {
    const { loadForm, saveRule } = a;
    return txRuleFormMachine.provide({
      actors: { loadForm, saveRule },
      actions: {
        notifySaved: (_, p) =>
          notify.success({
            title: p.created ? 'txrules:form.createdTitle' : 'txrules:form.updatedTitle',
            message: 'txrules:form.savedBody',
            values: { name: p.rule.display_name },
          }),
        notifySaveFailed: (_, p) => notify.failure(p.created ? 'txrules:form.createFailTitle' : 'txrules:form.updateFailTitle', p.code),
      },
    });
  }, [a]);
  const actor = useActorRef(machine, { input: { id }, inspect });
  useBackToListWhenDone(actor);
  return <TxRuleFormScreen actor={actor} stores={stores} storesLoading={loading} />;
}

function UpdatePage() {
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) return <NotFound signedIn />;
  // A new id is a new form (its own machine), not the previous one's choices.
  return <RuleForm key={raw} id={Number(raw)} />;
}

/** Owner only: the area is declared `ownerOnly`, so the shell shows staff-type users its note instead (D88). */
export default function TxRulesRoute() {
  return (
    <Routes>
      <Route index element={<ListPage />} />
      <Route path={txRuleSegments.create} element={<RuleForm id={null} />} />
      <Route path={txRuleSegments.update} element={<UpdatePage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
