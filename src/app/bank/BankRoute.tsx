import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { bankAddMachine } from '../../machines/bank/bankAdd.machine';
import { bankListMachine } from '../../machines/bank/bankList.machine';
import { bankVerifyMachine } from '../../machines/bank/bankVerify.machine';
import { createBankActors, createBankApi, type BankActors } from '../../services/bank';
import { catalogueCode } from '../../services/errors';
import { BankAddScreen } from '../../screens/bank/BankAddScreen';
import { BankListScreen } from '../../screens/bank/BankListScreen';
import { NotFound } from '../../screens/shared/NotFound';
import { getLookups, lookupActor } from '../shared/lookups';
import { notify } from '../shared/notify';
import { OwnerGate, useOwner } from '../shared/owner';
import { getRealtimeHub } from '../shared/realtime-runtime';
import { getRuntime } from '../shared/runtime';
import { useLookup } from '../shared/use-lookup';
import { bankPaths, bankSegments } from './paths';

/**
 * /bank and /bank/add (core §2): the bank machines wired to the portal client, the realtime hub
 * and the lookup cache (bank names; the linked accounts other forms offer are invalidated here).
 * The address carries no account data; the list and the form are machines of their own.
 */

let actors: BankActors | null = null;
function bankActors(): BankActors {
  actors ??= createBankActors({ bank: createBankApi(getRuntime().clients.portal), hub: getRealtimeHub() });
  return actors;
}

function verifyLogic() {
  const { loadQr, waitForVerification, checkVerified } = bankActors();
  return bankVerifyMachine.provide({ actors: { loadQr, waitForVerification, checkVerified } });
}

/** The ShopQR form offers the linked (verified) accounts: an add, delete or verification changes them. */
const accountsChanged = () => getLookups().invalidate('bankAccounts');

/** core §8: the failure toast; a phone that does not match the bank's has its own text. */
function notifyFailure(title: string, code: string) {
  if (catalogueCode(code) === 'PHONE_NO_MATCH') notify.failureText({ title, message: 'bank:error_check_match_phone' });
  else notify.failure(title, code);
}

function BankListPage() {
  const navigate = useNavigate();
  const { inspect } = getRuntime();
  const banks = useLookup('banks');
  const owner = useOwner();
  const logic = useMemo(() => {
    const { loadBankAccounts, deleteBankAccount } = bankActors();
    return bankListMachine.provide({
      actors: { loadPage: loadBankAccounts, deleteRow: deleteBankAccount, verifyAccount: verifyLogic() },
      actions: {
        notifyDeleted: () => {
          accountsChanged();
          notify.success({ title: 'bank:delete.successTitle', message: 'bank:delete.successBody' });
        },
        notifyDeleteFailed: (_, params) => notifyFailure('bank:delete.failTitle', params.code),
        notifyAccountVerified: accountsChanged,
      },
    });
  }, []);
  const actor = useActorRef(logic, { inspect });
  return <BankListScreen actor={actor} banks={banks.data ?? []} canManage={owner === true} onAdd={() => navigate(bankPaths.add())} />;
}

function BankAddPage() {
  const navigate = useNavigate();
  const { inspect } = getRuntime();
  const logic = useMemo(() => {
    const { lookupHolderName, addBankAccount } = bankActors();
    return bankAddMachine.provide({
      actors: { loadBanks: lookupActor('banks'), lookupHolderName, addBankAccount, verifyAccount: verifyLogic() },
      actions: {
        notifyAddFailed: (_, params) => notifyFailure('bank:add.failTitle', params.code),
        notifyHolderLookupFailed: (_, params) => notify.failure('bank:add.holderFailTitle', params.code),
        goToBankList: () => {
          accountsChanged();
          navigate(bankPaths.list());
        },
      },
    });
  }, [navigate]);
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
