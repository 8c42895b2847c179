import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { displayPairMachine } from '../../machines/display/displayPair.machine';
import { selectDisplayView } from '../../machines/display/displayScreen.machine';
import { createDisplayApi } from '../../services/display/api';
import { displayDevice } from '../../services/display/device';
import type { PairClaimed } from '../../services/display/schemas';
import { DisplayScreen } from '../../screens/display/DisplayScreen';
import { PairForm } from '../../screens/display/PairForm';
import { LoadingScreen } from '../../screens/shared/LoadingScreen';
import { getRuntime } from '../shared/runtime';
import { selectRestoring, selectSignedIn, useSessionSelector } from '../shared/session-context';
import { authPaths } from '../auth/paths';
import { DISPLAY_VIEW_PATHS, displayPaths } from './paths';
import { getDisplay, getSlides, pairedShopName, restartDisplay } from './display-runtime';

/**
 * /ecr-slide, /ecr-order-info, /ecr-success-payment (core §2, doc 2 §2 customer display): one display
 * that moves between the three addresses as the cashier's screen calls for them (replacing the
 * history entry: Back is meaningless on a customer's screen). /ecr-slide?pair pairs this device first.
 */

function PairPage({ code }: { code: string }) {
  const navigate = useNavigate();
  const { clients, inspect } = getRuntime();
  const logic = useMemo(() => {
    const api = createDisplayApi(clients.sale);
    return displayPairMachine.provide({
      actors: { claimCode: fromPromise<PairClaimed, { code: string }>(({ input, signal }) => api.claim(input.code, signal)) },
      actions: {
        storeToken: (_, params: { claimed: PairClaimed }) => {
          displayDevice.save(params.claimed.display_token, params.claimed.shop_name);
          restartDisplay();
          navigate(displayPaths.slide(), { replace: true });
        },
      },
    });
  }, [clients.sale, navigate]);
  const actor = useActorRef(logic, { input: { code }, inspect });
  return <PairForm actor={actor} />;
}

function Display() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const display = getDisplay();
  const slides = getSlides();
  const view = useSelector(display, selectDisplayView);
  const profileName = useSessionSelector((s) => s.context.profile?.merchant.name ?? null);
  const relayName = useSyncExternalStore(pairedShopName.subscribe, pairedShopName.get);

  useEffect(() => {
    if (view === 'waiting') return;
    const target = DISPLAY_VIEW_PATHS[view];
    if (pathname !== target) navigate(target, { replace: true });
  }, [view, pathname, navigate]);

  return <DisplayScreen actor={display} slides={slides} shopName={profileName ?? relayName} pairHref={`/portal${displayPaths.pair()}`} />;
}

export default function EcrRoute() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const signedIn = useSessionSelector(selectSignedIn);
  const restoring = useSessionSelector(selectRestoring);
  const pair = params.get('pair');

  if (pair !== null) return <PairPage key={pair} code={pair} />;
  // core §2: only /ecr-slide is public; the other two need a sign-in or, on a paired device, its display token (D142).
  if (pathname !== displayPaths.slide() && !signedIn && displayDevice.token() === null) {
    if (restoring) return <LoadingScreen />;
    return <Navigate to={authPaths.login()} replace />;
  }
  return <Display />;
}
