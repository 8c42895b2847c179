import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { einvoiceOnboardingMachine, PLAN_INVOICES, type OnboardingContext } from '../../../machines/einvoice/einvoiceOnboarding.machine';
import { EinvoiceOnboardingScreen } from '../../../screens/einvoice/onboarding/OnboardingScreen';
import { providerInfo } from '../../../services/einvoice/core/registry';
import { dashboardPaths } from '../../dashboard/paths';
import { useRuntime } from '../../shared/composition';
import { useSessionSelector } from '../../shared/session-context';
import { einvoicePaths } from '../paths';

/** The registration as an e-mail the merchant sends to the provider (D202): nothing is sent for them. */
function registrationMail(c: OnboardingContext): string | null {
  const v = c.form.values;
  if (!v.provider || !v.plan || !c.orderId) return null;
  const name = providerInfo(v.provider).name;
  const body = [
    `Đăng ký hóa đơn điện tử / E-invoice registration (${name})`,
    `Mã số thuế / Tax code: ${c.taxNo ?? ''}`,
    `Gói / Plan: ${v.plan} (${PLAN_INVOICES[v.plan]})`,
    `Người liên hệ / Contact: ${v.contactName.trim()}`,
    `Email: ${v.email.trim()}`,
    `Điện thoại / Phone: ${v.phone.trim()}`,
    `Mã hợp đồng / Contract order id: ${c.orderId}`,
  ].join('\n');
  return `mailto:?subject=${encodeURIComponent(`${name} – ${c.orderId}`)}&body=${encodeURIComponent(body)}`;
}

/** /e-inv-onboarding (doc 2 §2; flag einvoice; D202). */
export default function EinvoiceOnboardingRoute() {
  const { inspect } = useRuntime();
  const navigate = useNavigate();
  const taxNo = useSessionSelector((s) => s.context.profile?.merchant.tax_no ?? null);
  const machine = useMemo(
    () =>
      einvoiceOnboardingMachine.provide({
        actors: {
          prepareContract: fromPromise(async () => `EINV-${crypto.randomUUID().slice(0, 8).toUpperCase()}`),
        },
        actions: { reloadPage: () => window.location.reload() },
      }),
    [],
  );
  const actor = useActorRef(machine, { input: { taxNo }, inspect });
  const context = useSelector(actor, (s) => s.context);
  useEffect(() => {
    const sub = actor.subscribe((snap) => {
      if (snap.status === 'done') navigate(dashboardPaths.home());
    });
    return () => sub.unsubscribe();
  }, [actor, navigate]);
  return <EinvoiceOnboardingScreen actor={actor} settingHref={einvoicePaths.setting()} mailHref={registrationMail(context)} />;
}
