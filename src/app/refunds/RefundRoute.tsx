import { useMemo } from 'react';
import { Anchor } from '@mantine/core';
import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useParams } from 'react-router-dom';
import { refundOrderMachine } from '../../machines/refunds/refundOrder.machine';
import { errorCode } from '../../rules/serviceError';
import { RefundScreen } from '../../screens/refunds/RefundScreen';
import { NotFound } from '../../screens/shared/NotFound';
import { useAreaActors, useRuntime } from '../shared/composition';
import { notify } from '../shared/notify';
import { approvalsActorsOf } from '../approvals';
import { refundsActorsOf } from './actors';

/** /sale-refund/{invoice id} (D305): the refund machine wired to the sale client, the realtime hub and this tab's keys. */
function RefundPage({ invoiceId }: { invoiceId: number }) {
  const { t } = useTranslation('refunds');
  const { inspect } = useRuntime();
  const { loadRefundable, sendRefund, watchRefunds, forgetRefundKey, printRefundReceipt, refundApproval } = useAreaActors(refundsActorsOf);
  const { gateFor } = useAreaActors(approvalsActorsOf);
  const logic = useMemo(
    () =>
      refundOrderMachine.provide({
        actors: {
          loadRefundable,
          sendRefund,
          watchRefunds,
          printRefundReceipt,
          // D310: a staff member's refund waits for the owner's approval (PIN here, or the bell).
          approve: gateFor(refundApproval.gated, (input, signal) => refundApproval.perform(input.subject, input.fields, signal)),
        },
        actions: {
          forgetKey: (_, params) => forgetRefundKey(params.invoiceId),
          notifyPrintFailed: (_, params) => {
            const code = errorCode(params.error);
            if (code === 'PRINT_FAILED') notify.failureText({ title: 'refunds:printFailTitle', message: 'refunds:printFailBody' });
            else notify.failure('refunds:printFailTitle', code);
          },
        },
      }),
    [loadRefundable, sendRefund, watchRefunds, forgetRefundKey, printRefundReceipt, refundApproval, gateFor],
  );
  const actor = useActorRef(logic, { input: { invoiceId }, inspect });
  // The order list is the orders area's page; the address is the spec's (doc 2 §2 /sale-order).
  const back = (
    <Anchor component={Link} to="/sale-order" size="sm">
      {t('back')}
    </Anchor>
  );
  return <RefundScreen actor={actor} backLink={back} />;
}

function RefundAddress() {
  const { invoiceId } = useParams();
  const id = /^[1-9]\d{0,9}$/.test(invoiceId ?? '') ? Number(invoiceId) : null;
  if (id === null) return <NotFound signedIn />;
  return <RefundPage key={id} invoiceId={id} />;
}

export default function RefundRoute() {
  return (
    <Routes>
      <Route path=":invoiceId" element={<RefundAddress />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
