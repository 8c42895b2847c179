import { useEffect, useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { saleOnboardingMachine } from '../../machines/onboarding/saleOnboarding.machine';
import { OnboardingScreen } from '../../screens/onboarding/OnboardingScreen';
import { createOnboardingActors, createOnboardingApi, type OnboardingActors } from '../../services/onboarding';
import { customerPaths } from '../customers/paths';
import { notify } from '../shared/notify';
import { getRuntime } from '../shared/runtime';

/**
 * /sale-register (doc 2 §2): the onboarding machine on the sale service's client. Refusals of the
 * free card or a code are toasts titled "Thất bại"/"Failed" with the catalogue's text for the
 * server's code, in the user's language (D170); when the machine is done (3.2 s after step 4, or
 * "go now") the customer list opens.
 */
let actors: OnboardingActors | null = null;
function onboardingActors(): OnboardingActors {
  actors ??= createOnboardingActors(createOnboardingApi(getRuntime().clients.sale));
  return actors;
}

export default function OnboardingRoute() {
  const { inspect } = getRuntime();
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      saleOnboardingMachine.provide({
        actors: onboardingActors(),
        actions: {
          notifyRegisterFailed: (_, p) => notify.failure('onboarding:failTitle', p.code),
          notifyStepFailed: (_, p) => notify.failure('onboarding:wizard.stepFailTitle', p.code),
        },
      }),
    [],
  );
  const actor = useActorRef(machine, { inspect });
  useEffect(() => {
    const sub = actor.subscribe((snap) => {
      if (snap.status === 'done') navigate(customerPaths.list());
    });
    return () => sub.unsubscribe();
  }, [actor, navigate]);
  return <OnboardingScreen actor={actor} customersHref={customerPaths.list()} />;
}
