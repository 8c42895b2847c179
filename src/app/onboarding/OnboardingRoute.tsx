import { useEffect, useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { saleOnboardingMachine } from '../../machines/onboarding/saleOnboarding.machine';
import { OnboardingScreen } from '../../screens/onboarding/OnboardingScreen';
import { customerPaths } from '../customers/paths';
import { notify } from '../shared/notify';
import { useAreaActors, useRuntime } from '../shared/composition';
import { onboardingActorsOf } from './actors';

/**
 * /sale-register (doc 2 §2): the onboarding machine on the sale service's client. Refusals of the
 * free card or a code are toasts titled "Thất bại"/"Failed" with the catalogue's text for the
 * server's code, in the user's language (D170); when the machine is done (3.2 s after step 4, or
 * "go now") the customer list opens.
 */
export default function OnboardingRoute() {
  const { inspect } = useRuntime();
  const a = useAreaActors(onboardingActorsOf);
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      saleOnboardingMachine.provide({
        actors: a,
        actions: {
          notifyRegisterFailed: (_, p) => notify.failure('onboarding:failTitle', p.code),
          notifyStepFailed: (_, p) => notify.failure('onboarding:wizard.stepFailTitle', p.code),
        },
      }),
    [a],
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
