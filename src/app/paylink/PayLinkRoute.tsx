import { useMemo } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { payLinkMachine } from '../../machines/paylink/payLink.machine';
import { payLinkListMachine } from '../../machines/paylink/payLinkList.machine';
import { linkListUrl } from '../../machines/paylink/rules/linkListUrl';
import { LinkListScreen } from '../../screens/paylink/LinkListScreen';
import { PayLinkForm } from '../../screens/paylink/PayLinkScreen';
import { NotFound } from '../../screens/shared/NotFound';
import type { CopyOutcome } from '../../screens/shared/PaymentLinkResult';
import { notify } from '../shared/notify';
import { useAreaActors, useRuntime } from '../shared/composition';
import { useSessionSelector } from '../shared/session-context';
import { useListPage } from '../shared/use-list-page';
import { payLinkActorsOf } from './actors';

/**
 * /pay-by-link (doc 2 §2, flag payByLink; owner and staff-type users alike, D156): the link form and
 * the list of links made, wired to the checkout client, the realtime hub and this tab's attempt key.
 * The list's page, size, state and search live in the address; a link made reloads the list.
 */

const notifyCopy = (outcome: CopyOutcome) =>
  outcome === 'copied'
    ? notify.success({ title: 'common:paymentLink.copied' })
    : notify.failureText({ title: 'common:paymentLink.copy_fail' });

function PayLinkPage() {
  const { t } = useTranslation('paylink');
  const { inspect } = useRuntime();
  const { loadLinks, watchPayments, loadMerchant, createLink, forgetKey } = useAreaActors(payLinkActorsOf);
  // doc 2 §6: the link's merchant may be named by the profile's ref_id instead of the merchant id.
  const merchantRef = useSessionSelector((s) => s.context.profile?.merchant.ref_id || s.context.profile?.merchant_id || '');

  const listLogic = useMemo(
    () => payLinkListMachine.provide({ actors: { loadPage: loadLinks, watchPayments } }),
    [loadLinks, watchPayments],
  );
  const list = useListPage(listLogic, linkListUrl, {
    read: ({ page, pageSize, filter }) => ({ page, pageSize, q: filter.q, status: filter.status }),
  });

  const formLogic = useMemo(() => {
    return payLinkMachine.provide({
      actors: { loadMerchant, createLink },
      actions: {
        forgetKey,
        notifyCreated: (_, p) =>
          notify.success({ title: 'paylink:result.createdTitle', message: 'paylink:result.createdBody', values: { orderId: p.orderId } }),
        notifyCreateFailed: (_, p) => notify.failure('paylink:form.failTitle', p.code),
        linkCreated: () => list.send({ type: 'REFRESH' }),
      },
    });
  }, [list, loadMerchant, createLink, forgetKey]);
  const form = useActorRef(formLogic, { input: { merchantRef }, inspect });

  return (
    <Stack gap="lg" p="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text size="sm">{t('intro')}</Text>
      </Stack>
      <div style={{ maxWidth: 560 }}>
        <PayLinkForm actor={form} onCopy={notifyCopy} />
      </div>
      <LinkListScreen actor={list} />
    </Stack>
  );
}

export default function PayLinkRoute() {
  return (
    <Routes>
      <Route index element={<PayLinkPage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
