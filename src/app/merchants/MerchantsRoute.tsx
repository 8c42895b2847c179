import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { subMerchantListMachine } from '../../machines/merchants/subMerchantList.machine';
import { subMerchantNewMachine } from '../../machines/merchants/subMerchantNew.machine';
import { SubMerchantListScreen } from '../../screens/merchants/SubMerchantListScreen';
import { SubMerchantNewScreen } from '../../screens/merchants/SubMerchantNewScreen';
import { notify } from '../shared/notify';
import { useAreaActors, useRuntime } from '../shared/composition';
import { merchantsActorsOf } from './actors';
import { merchantPaths } from './paths';

/**
 * /master-merchant and /master-merchant/new (core §2 Shell, D23): both entries of the area load this
 * file; the address says which page. The flag and the owner rule are checked before (AreaPage).
 */

function ListPage() {
  const { inspect } = useRuntime();
  const a = useAreaActors(merchantsActorsOf);
  const logic = useMemo(() => subMerchantListMachine.provide({ actors: { loadPage: a.loadSubMerchants } }), [a]);
  const actor = useActorRef(logic, { inspect });
  return <SubMerchantListScreen actor={actor} newHref={merchantPaths.add()} />;
}

function NewPage() {
  const { inspect } = useRuntime();
  const a = useAreaActors(merchantsActorsOf);
  const navigate = useNavigate();
  const logic = useMemo(
    () =>
      subMerchantNewMachine.provide({
        actors: { createSubMerchant: a.createSubMerchant },
        actions: {
          notifyCreated: (_, params) => {
            notify.success({
              title: 'merchants:form.successTitle',
              message: 'merchants:form.successBody',
              values: { name: params.created.name, id: params.created.merchant_id },
            });
            navigate(merchantPaths.list());
          },
          notifyCreateFailed: (_, params) => notify.failure('merchants:form.failTitle', params.code),
        },
      }),
    [navigate, a],
  );
  const actor = useActorRef(logic, { inspect });
  return <SubMerchantNewScreen actor={actor} onBack={() => navigate(merchantPaths.list())} />;
}

export default function MerchantsRoute() {
  const { pathname } = useLocation();
  return pathname === merchantPaths.add() ? <NewPage /> : <ListPage />;
}
