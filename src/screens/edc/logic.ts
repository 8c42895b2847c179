import type { ActorRefFrom, InspectionEvent } from 'xstate';
import type { connectionCheckMachine } from '../../machines/connectionCheck.machine';
import type { edcIntegrateMachine } from '../../machines/edcIntegrate.machine';
import type { edcListMachine } from '../../machines/edcList.machine';
import type { soundboxActivationMachine } from '../../machines/soundboxActivation.machine';

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
