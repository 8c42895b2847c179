import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { connectionCheckMachine } from '../../machines/edc/connectionCheck.machine';
import { edcIntegrateMachine } from '../../machines/edc/edcIntegrate.machine';
import { edcListMachine } from '../../machines/edc/edcList.machine';
import { soundboxActivationMachine } from '../../machines/edc/soundboxActivation.machine';
import { EdcScreen } from '../../screens/edc/EdcScreen';
import { notify } from '../shared/notify';
import { useOwner } from '../shared/owner';
import { useAreaActors, useRuntime } from '../shared/composition';
import { edcActorsOf } from './actors';

/**
 * core §2 /edc: the card machine list wired to the portal service. The detail's flows are the
 * list machine's children; their actors and toasts (core §8) are plugged in here.
 */
function edcListLogic(a: ReturnType<typeof edcActorsOf>) {
  return edcListMachine.provide({
    actors: {
      loadPage: a.loadEdcPage,
      connectionCheck: connectionCheckMachine.provide({ actors: { checkStatus: a.checkStatus } }),
      soundboxActivation: soundboxActivationMachine.provide({
        actors: { activateSoundbox: a.activateSoundbox },
        actions: {
          notifyActivated: (_, params) =>
            notify.success({
              title: 'edc:activation.successTitle',
              message: 'edc:activation.successBody',
              values: { serial: params.device.serial_number },
            }),
          notifyActivationFailed: (_, params) => notify.failure('edc:activation.failedTitle', params.code),
        },
      }),
      edcIntegrate: edcIntegrateMachine.provide({
        actors: { loadLinkableVas: a.loadLinkableVas, integrateEdc: a.integrateEdc },
        actions: {
          notifyIntegrated: (_, params) => {
            a.linkableVasChanged();
            notify.success({
              title: 'edc:integrate.successTitle',
              message: 'edc:integrate.successBody',
              values: { serial: params.device.serial_number, va: params.device.va_account_no ?? '' },
            });
          },
          notifyIntegrateFailed: (_, params) => notify.failure('edc:integrate.failedTitle', params.code),
        },
      }),
    },
  });
}

export default function EdcRoute() {
  const { inspect } = useRuntime();
  const a = useAreaActors(edcActorsOf);
  const logic = useMemo(() => edcListLogic(a), [a]);
  const list = useActorRef(logic, { inspect });
  const owner = useOwner();
  return <EdcScreen actor={list} canManage={owner === true} />;
}
