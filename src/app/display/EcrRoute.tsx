import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { displayPairMachine } from '../../machines/display/displayPair.machine';
import { selectDisplayLook } from '../../machines/display/displayLook.machine';
import { selectDisplayView } from '../../machines/display/displayScreen.machine';
import { createDisplayApi } from '../../services/display/api';
import { displayDevice } from '../../services/display/device';
import type { PairClaimed } from '../../services/display/schemas';
import { DisplayScreen } from '../../screens/display/DisplayScreen';
import { PairForm } from '../../screens/display/PairForm';
import { useAreaActors, useRuntime } from '../shared/composition';
import { selectSignedIn, useSessionSelector } from '../shared/session-context';
import { authPaths } from '../auth/paths';
import { DISPLAY_VIEW_PATHS, displayPaths } from './paths';
import { displayOf } from './actors';

/**
 * /ecr-slide, /ecr-order-info, /ecr-success-payment (core §2, doc 2 §2 customer display): one display
 * that moves between the three addresses as the cashier's screen calls for them (replacing the
 * history entry: Back is meaningless on a customer's screen). /ecr-slide?pair pairs this device first.
 */

function PairPage({ code }: { code: string }) {
  const navigate = useNavigate();
  const { clients, inspect } = useRuntime();
  const ecr = useAreaActors(displayOf);
  const logic = useMemo(() => {
    const api = createDisplayApi(clients.sale);
    return displayPairMachine.provide({
      actors: { claimCode: fromPromise<PairClaimed, { code: string }>(({ input, signal }) => api.claim(input.code, signal)) },
      actions: {
        storeToken: (_, params: { claimed: PairClaimed }) => {
          displayDevice.save(params.claimed.display_token, params.claimed.shop_name);
          ecr.restart();
          navigate(displayPaths.slide(), { replace: true });
        },
      },
    });
  }, [clients.sale, navigate, ecr]);
  const actor = useActorRef(logic, { input: { code }, inspect });
  return <PairForm actor={actor} />;
}

function Display({ needsCashier }: { needsCashier: boolean }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const ecr = useAreaActors(displayOf);
  const display = ecr.display();
  const slides = ecr.slides();
  const look = ecr.look();
  const shopLook = useSelector(look.actor, selectDisplayLook);
  const { pairedShopName } = ecr;
  const view = useSelector(display, selectDisplayView);
  const heardCashier = useSelector(display, (s) => s.context.lastSeq >= 0);
  const profileName = useSessionSelector((s) => s.context.profile?.merchant.name ?? null);
  const relayName = useSyncExternalStore(pairedShopName.subscribe, pairedShopName.get);

  useEffect(() => {
    if (view === 'waiting') return;
    // core §2: only /ecr-slide is public. Opened at another /ecr address with no sign-in, no pairing
    // and no cashier's screen answering in this browser, there is nothing to show: /login (D142).
    if (needsCashier && !heardCashier) {
      navigate(authPaths.login(), { replace: true });
      return;
    }
    const target = DISPLAY_VIEW_PATHS[view];
    if (pathname !== target) navigate(target, { replace: true });
  }, [view, pathname, navigate, needsCashier, heardCashier]);

  return (
    <DisplayScreen
      actor={display}
      slides={slides}
      shopName={profileName ?? relayName}
      look={shopLook}
      loadImage={look.loadImage}
      pairHref={`/portal${displayPaths.pair()}`}
    />
  );
}

export default function EcrRoute() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const signedIn = useSessionSelector(selectSignedIn);
  // Decided on arrival: once the display runs, it moves between its addresses itself.
  const [needsCashier] = useState(() => pathname !== displayPaths.slide() && !signedIn && displayDevice.token() === null);
  const pair = params.get('pair');

  if (pair !== null) return <PairPage key={pair} code={pair} />;
  return <Display needsCashier={needsCashier} />;
}
