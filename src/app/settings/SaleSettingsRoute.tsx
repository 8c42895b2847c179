import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import { saleSettingsMachine } from '../../machines/settings/saleSettings.machine';
import { screenCustomisationMachine } from '../../machines/settings/screenCustomisation.machine';
import { EPaymentSetupForm } from '../../screens/settings/EPaymentSetupForm';
import { SaleSettingsScreen } from '../../screens/settings/SaleSettingsScreen';
import { ScreenCustomisationForm } from '../../screens/settings/ScreenCustomisationForm';
import { notify } from '../shared/notify';
import { useAreaActors, useRuntime } from '../shared/composition';
import { useSessionSelector } from '../shared/session-context';
import { ePaymentSetupLogic, notifyFailure } from './shared';
import { settingsActorsOf } from './actors';

/**
 * /sale-setting (doc 2 §2): the saleSettings machine with the sale service's calls; the tab follows
 * the address (?tab=digital|reward|payment|screen; a tab not shown answers the first). The payment
 * setting and screen customisation tabs start their machines when shown (keepMounted off: leaving a
 * tab stops its requests). After a save the page adopts PUT's answer: the session's profile carries
 * none of these settings, so nothing else needs refreshing (D160).
 */

function PaymentTab() {
  const { inspect } = useRuntime();
  const a = useAreaActors(settingsActorsOf);
  const logic = useMemo(() => ePaymentSetupLogic(a), [a]);
  const actor = useActorRef(logic, { inspect });
  return <EPaymentSetupForm actor={actor} />;
}

function ScreenTab() {
  const { inspect } = useRuntime();
  const a = useAreaActors(settingsActorsOf);
  const logic = useMemo(() => {
    const { loadUiCustom, saveUiCustom, uploadImage } = a;
    return screenCustomisationMachine.provide({
      actors: { loadUiCustom, saveUiCustom, uploadImage },
      actions: {
        notifySaved: () => notify.success({ title: 'settings:screen.saved' }),
        notifySaveFailed: (_, params) => notifyFailure('settings:saveFailed', params.code),
      },
    });
  }, [a]);
  const actor = useActorRef(logic, { inspect });
  return <ScreenCustomisationForm actor={actor} loadImage={a.loadImage} />;
}

export default function SaleSettingsRoute() {
  const a = useAreaActors(settingsActorsOf);
  const { inspect, config } = useRuntime();
  const [params, setParams] = useSearchParams();
  const isFnb = useSessionSelector((s) => s.context.profile?.merchant.is_fnb ?? false);
  const logic = useMemo(() => {
    const { loadMerchant, saveMerchant, uploadImage } = a;
    return saleSettingsMachine.provide({
      actors: { loadMerchant, saveMerchant, uploadImage },
      actions: {
        notifySaved: () => notify.success({ title: 'settings:saved' }),
        notifySaveFailed: (_, p) => notifyFailure('settings:saveFailed', p.code),
        notifyUploadFailed: (_, p) => notifyFailure('settings:uploadFailed', p.code),
      },
    });
  }, [a]);
  const actor = useActorRef(logic, {
    input: { isFnb, screenCustomisation: config.features.screenCustomisation, tab: params.get('tab') },
    inspect,
  });
  const tab = useSelector(actor, (s) => s.context.tab);
  // The address follows the tab (replacing, so Back leaves the page rather than stepping through tabs).
  useEffect(() => {
    if (params.get('tab') !== tab) setParams((p) => ({ ...Object.fromEntries(p), tab }), { replace: true });
  }, [tab, params, setParams]);

  return <SaleSettingsScreen actor={actor} loadImage={a.loadImage} payment={() => <PaymentTab />} screen={() => <ScreenTab />} />;
}
