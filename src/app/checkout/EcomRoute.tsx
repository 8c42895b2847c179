import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { widgetSettingsMachine, type SaveFailure } from '../../machines/checkout/widgetSettings.machine';
import { createWidgetActors, createWidgetApi } from '../../services/checkout/widget';
import { EcomScreen, type CopyOutcome } from '../../screens/checkout/EcomScreen';
import { LoadingScreen } from '../../screens/shared/LoadingScreen';
import { notify } from '../shared/notify';
import { useRuntime } from '../shared/composition';
import { useSessionSelector } from '../shared/session-context';

/**
 * /e-com (doc 2 §2 Checkout widget setup): widgetSettings on the checkout client. The area is declared
 * `ownerOnly`, so a staff-type user gets the shell's owner-only note and this never starts (D87). The
 * record is asked for by the profile's ref_id when it has one, else the merchant id (doc 2 §6, D152),
 * the same id Pay by Link asks with, so both read one widget.
 */

/** doc 2 §8 "Widget save": the title is the service's error code (or a generic one), the body its first field error. */
function notifySaveFailed(failure: SaveFailure) {
  const first = failure.refusals[0];
  const server = failure.code !== 'NETWORK_ERROR' && failure.code !== 'TIMEOUT' && failure.code !== 'INVALID_RESPONSE';
  const title = server ? 'checkout:ecom.save.codeTitle' : 'checkout:ecom.save.failTitle';
  if (first)
    notify.failureText({
      title,
      message: 'checkout:ecom.save.fieldError',
      values: { code: failure.code, field: first.field, msg: first.msg },
    });
  else
    notify.failureText({
      title,
      message: failure.step === 'merchant' ? 'checkout:ecom.save.merchantFail' : 'checkout:ecom.save.widgetFail',
      values: { code: failure.code },
    });
}

async function copyText(text: string): Promise<CopyOutcome> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    notify.success({ title: 'checkout:ecom.embed.copied' });
    return 'copied';
  } catch {
    notify.failureText({ title: 'checkout:ecom.embed.copy_fail' });
    return 'copy_fail';
  }
}

function EcomPage({ merchantId }: { merchantId: string }) {
  const { inspect, clients } = useRuntime();
  const logic = useMemo(() => {
    const actors = createWidgetActors(createWidgetApi(clients.checkout));
    return widgetSettingsMachine.provide({
      actors,
      actions: {
        notifySaved: () => notify.success({ title: 'checkout:ecom.save.successTitle', message: 'checkout:ecom.save.successBody' }),
        notifySaveFailed: (_, params) => notifySaveFailed(params.failure),
      },
    });
  }, [clients.checkout]);
  const actor = useActorRef(logic, { input: { merchantId }, inspect });
  return <EcomScreen actor={actor} copy={copyText} />;
}

export default function EcomRoute() {
  const merchantId = useSessionSelector((s) => {
    const profile = s.context.profile;
    if (!profile) return null;
    return profile.merchant.ref_id?.trim() || profile.merchant_id;
  });
  if (merchantId === null) return <LoadingScreen />;
  return <EcomPage key={merchantId} merchantId={merchantId} />;
}
