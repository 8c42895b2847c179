import { useActorRef } from '@xstate/react';
import { forgotPasswordMachine } from '../../machines/auth/forgotPassword.machine';
import { ForgotPasswordScreen } from '../../screens/auth/ForgotPasswordScreen';
import { getRuntime } from '../shared/runtime';

export default function ForgotPasswordRoute() {
  const { authActors, inspect } = getRuntime();
  const actor = useActorRef(forgotPasswordMachine.provide({ actors: { requestPasswordReset: authActors.requestPasswordReset } }), {
    inspect,
  });
  return <ForgotPasswordScreen actor={actor} />;
}
