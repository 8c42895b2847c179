import { useActorRef } from '@xstate/react';
import { forgotPasswordMachine } from '../../machines/auth/forgotPassword.machine';
import { ForgotPasswordScreen } from '../../screens/auth/ForgotPasswordScreen';
import { useRuntime } from '../shared/composition';

export default function ForgotPasswordRoute() {
  const { authActors, inspect } = useRuntime();
  const actor = useActorRef(forgotPasswordMachine.provide({ actors: { requestPasswordReset: authActors.requestPasswordReset } }), {
    inspect,
  });
  return <ForgotPasswordScreen actor={actor} />;
}
