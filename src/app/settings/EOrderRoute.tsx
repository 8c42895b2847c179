import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { EOrderScreen } from '../../screens/settings/EOrderScreen';
import { useAreaActors, useRuntime } from '../shared/composition';
import { settingsPaths } from './paths';
import { ePaymentSetupLogic } from './shared';
import { settingsActorsOf } from './actors';

/** /e-order (doc 2 §2 "E-Order payment setup"): the owner's (D87); its back link goes to /sale-setting (D161). */
export default function EOrderRoute() {
  const { inspect } = useRuntime();
  const a = useAreaActors(settingsActorsOf);
  const logic = useMemo(() => ePaymentSetupLogic(a), [a]);
  const actor = useActorRef(logic, { inspect });
  return <EOrderScreen actor={actor} backTo={settingsPaths.saleSetting()} />;
}
