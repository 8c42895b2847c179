import type { ActorRefFrom, InspectionEvent } from 'xstate';
import type { connectionCheckMachine } from '../../machines/edc/connectionCheck.machine';
import type { edcIntegrateMachine } from '../../machines/edc/edcIntegrate.machine';
import type { edcListMachine } from '../../machines/edc/edcList.machine';
import type { soundboxActivationMachine } from '../../machines/edc/soundboxActivation.machine';

export type EdcListActor = ActorRefFrom<typeof edcListMachine>;

/**
 * The detail's machines with their actors already provided by src/app: the screen starts one per
 * open machine (with the runtime's inspect callback) and adds only its toasts.
 */
export interface EdcLogic {
  connectionCheck: typeof connectionCheckMachine;
  soundboxActivation: typeof soundboxActivationMachine;
  edcIntegrate: typeof edcIntegrateMachine;
  inspect: ((event: InspectionEvent) => void) | undefined;
}
