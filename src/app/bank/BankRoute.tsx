import { useMemo } from 'react';
import { notifications } from '@mantine/notifications';
import { useActorRef } from '@xstate/react';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { bankAddMachine } from '../../machines/bank/bankAdd.machine';
import { bankListMachine } from '../../machines/bank/bankList.machine';
import { bankVerifyMachine } from '../../machines/bank/bankVerify.machine';
import { createBankActors, createBankApi, type BankActors } from '../../services/bank';
import { catalogueCode, errorMessageKey } from '../../services/errors';
import { i18n } from '../../i18n';
import { BankAddScreen } from '../../screens/bank/BankAddScreen';
import { BankListScreen } from '../../screens/bank/BankListScreen';
import { NotFound } from '../../screens/shared/NotFound';
import { getRealtimeHub } from '../shared/realtime-runtime';
import { getRuntime } from '../shared/runtime';

/**
 * /bank and /bank/add (core §2): the bank machines wired to the portal client and the realtime hub.
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

/** core §8: the message of a code; a phone that does not match the bank's uses its own key. */
function failureMessage(code: string): string {
  if (catalogueCode(code) === 'PHONE_NO_MATCH') return i18n.t('bank:error_check_match_phone');
  return i18n.t(errorMessageKey(code));
}

function BankListPage() {
  const navigate = useNavigate();
  const { inspect } = getRuntime();
  const logic = useMemo(() => {
    const { loadBanks, loadBankAccounts, deleteBankAccount } = bankActors();
    return bankListMachine.provide({
      actors: { loadBanks, loadBankAccounts, deleteBankAccount, verifyAccount: verifyLogic() },
      actions: {
        notifyDeleted: () =>
          notifications.show({ color: 'blue', title: i18n.t('bank:delete.successTitle'), message: i18n.t('bank:delete.successBody') }),
        notifyDeleteFailed: (_, params) =>
          notifications.show({ color: 'red', title: i18n.t('bank:delete.failTitle'), message: failureMessage(params.code) }),
      },
    });
  }, []);
  const actor = useActorRef(logic, { inspect });
  return <BankListScreen actor={actor} onAdd={() => navigate('/bank/add')} />;
}

function BankAddPage() {
  const navigate = useNavigate();
  const { inspect } = getRuntime();
  const logic = useMemo(() => {
    const { loadBanks, lookupHolderName, addBankAccount } = bankActors();
    return bankAddMachine.provide({
      actors: { loadBanks, lookupHolderName, addBankAccount, verifyAccount: verifyLogic() },
      actions: {
        notifyAddFailed: (_, params) =>
          notifications.show({ color: 'red', title: i18n.t('bank:add.failTitle'), message: failureMessage(params.code) }),
        notifyHolderLookupFailed: (_, params) =>
          notifications.show({ color: 'red', title: i18n.t('bank:add.holderFailTitle'), message: i18n.t(errorMessageKey(params.code)) }),
        goToBankList: () => navigate('/bank'),
      },
    });
  }, [navigate]);
  const actor = useActorRef(logic, { inspect });
  return <BankAddScreen actor={actor} onBack={() => navigate('/bank')} />;
}

export default function BankRoute() {
  return (
    <Routes>
      <Route index element={<BankListPage />} />
      <Route path="add" element={<BankAddPage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
