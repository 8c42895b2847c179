import { useState } from 'react';
import { useActorRef } from '@xstate/react';
import { connectionCheckMachine } from '../../machines/edc/connectionCheck.machine';
import { edcIntegrateMachine } from '../../machines/edc/edcIntegrate.machine';
import { edcListMachine } from '../../machines/edc/edcList.machine';
import { soundboxActivationMachine } from '../../machines/edc/soundboxActivation.machine';
import { createEdcApi } from '../../services/edc';
import { createEdcActors, type EdcActors } from '../../services/edc/actors';
import { EdcScreen } from '../../screens/edc/EdcScreen';
import type { EdcLogic } from '../../screens/edc/logic';
import { getRuntime } from '../shared/runtime';

/** Made once per page load on the runtime's portal client (same session, same single refresh). */
let actors: EdcActors | null = null;
function edcActors(): EdcActors {
  actors ??= createEdcActors(createEdcApi(getRuntime().clients.portal));
  return actors;
}

/** core §2 /edc: the card machine list and its detail, wired to the portal service. */
export default function EdcRoute() {
  const a = edcActors();
  const { inspect } = getRuntime();
  const list = useActorRef(edcListMachine.provide({ actors: { loadEdcPage: a.loadEdcPage } }), { inspect });
  const [logic] = useState<EdcLogic>(() => ({
    connectionCheck: connectionCheckMachine.provide({ actors: { checkStatus: a.checkStatus } }),
    soundboxActivation: soundboxActivationMachine.provide({ actors: { activateSoundbox: a.activateSoundbox } }),
    edcIntegrate: edcIntegrateMachine.provide({ actors: { loadLinkableVas: a.loadLinkableVas, integrateEdc: a.integrateEdc } }),
    inspect,
  }));
  return <EdcScreen actor={list} logic={logic} />;
}
