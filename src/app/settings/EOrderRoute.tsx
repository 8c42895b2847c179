import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { EOrderScreen } from '../../screens/settings/EOrderScreen';
import { getRuntime } from '../shared/runtime';
import { settingsPaths } from './paths';
import { ePaymentSetupLogic } from './shared';

/** /e-order (doc 2 §2 "E-Order payment setup"): the owner's (D87); its back link goes to /sale-setting (D161). */
export default function EOrderRoute() {
  const { inspect } = getRuntime();
  const logic = useMemo(() => ePaymentSetupLogic(), []);
  const actor = useActorRef(logic, { inspect });
  return <EOrderScreen actor={actor} backTo={settingsPaths.saleSetting()} />;
}
