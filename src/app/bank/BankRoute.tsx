import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { bankAddMachine } from '../../machines/bank/bankAdd.machine';
import { bankListMachine } from '../../machines/bank/bankList.machine';
import { catalogueCode } from '../../services/errors';
import { BankAddScreen } from '../../screens/bank/BankAddScreen';
import { BankListScreen } from '../../screens/bank/BankListScreen';
import { NotFound } from '../../screens/shared/NotFound';
import { notify } from '../shared/notify';
import { OwnerGate, useOwner } from '../shared/owner';
import { useAreaActors, useRuntime } from '../shared/composition';
import { useLookup } from '../shared/use-lookup';
import { bankActorsOf } from './actors';
import { bankPaths, bankSegments } from './paths';

/**
 * /bank and /bank/add (core §2): the bank machines wired to the portal client, the realtime hub
 * and the lookup cache (bank names; the linked accounts other forms offer are invalidated here).
 * The address carries no account data; the list and the form are machines of their own. The area's
 * actors are wired in ./actors.ts (D279).
 */

/** core §8: the failure toast; a phone that does not match the bank's has its own text. */
function notifyFailure(title: string, code: string) {
  if (catalogueCode(code) === 'PHONE_NO_MATCH') notify.failureText({ title, message: 'bank:error_check_match_phone' });
  else notify.failure(title, code);
}

function BankListPage() {
  const navigate = useNavigate();
  const { inspect } = useRuntime();
  const banks = useLookup('banks');
  const owner = useOwner();
  const { loadBankAccounts, deleteBankAccount, verifyAccount, accountsChanged } = useAreaActors(bankActorsOf);
  const logic = useMemo(() => {
    return bankListMachine.provide({
      actors: { loadPage: loadBankAccounts, deleteRow: deleteBankAccount, verifyAccount },
      actions: {
        notifyDeleted: () => {
          accountsChanged();
          notify.success({ title: 'bank:delete.successTitle', message: 'bank:delete.successBody' });
        },
        notifyDeleteFailed: (_, params) => notifyFailure('bank:delete.failTitle', params.code),
        notifyAccountVerified: accountsChanged,
      },
    });
  }, [loadBankAccounts, deleteBankAccount, verifyAccount, accountsChanged]);
  const actor = useActorRef(logic, { inspect });
  return <BankListScreen actor={actor} banks={banks.data ?? []} canManage={owner === true} onAdd={() => navigate(bankPaths.add())} />;
}

function BankAddPage() {
  const navigate = useNavigate();
  const { inspect } = useRuntime();
  const { loadBanks, lookupHolderName, addBankAccount, verifyAccount, accountsChanged } = useAreaActors(bankActorsOf);
  const logic = useMemo(() => {
    return bankAddMachine.provide({
      actors: { loadBanks, lookupHolderName, addBankAccount, verifyAccount },
      actions: {
        notifyAddFailed: (_, params) => notifyFailure('bank:add.failTitle', params.code),
        notifyHolderLookupFailed: (_, params) => notify.failure('bank:add.holderFailTitle', params.code),
        goToBankList: () => {
          accountsChanged();
          navigate(bankPaths.list());
        },
      },
    });
  }, [navigate, loadBanks, lookupHolderName, addBankAccount, verifyAccount, accountsChanged]);
  const actor = useActorRef(logic, { inspect });
  return <BankAddScreen actor={actor} onBack={() => navigate(bankPaths.list())} />;
}

export default function BankRoute() {
  const { t } = useTranslation('bank');
  return (
    <Routes>
      <Route index element={<BankListPage />} />
      <Route
        path={bankSegments.add}
        element={
          <OwnerGate title={t('add.title')}>
            <BankAddPage />
          </OwnerGate>
        }
      />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
