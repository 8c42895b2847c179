import type { ActorRefFrom } from 'xstate';
import type { connectionCheckMachine } from '../../machines/edc/connectionCheck.machine';
import type { edcIntegrateMachine } from '../../machines/edc/edcIntegrate.machine';
import type { edcListMachine } from '../../machines/edc/edcList.machine';
import type { soundboxActivationMachine } from '../../machines/edc/soundboxActivation.machine';

/**
 * The actors the /edc screens read. Only the list is started (by the route); the detail's flows
 * are the list machine's children (`connection`, `activation`, `integrate`), which the screens
 * read and send to but never start.
 */
export type EdcListActor = ActorRefFrom<typeof edcListMachine>;
export type ConnectionActor = ActorRefFrom<typeof connectionCheckMachine>;
export type ActivationActor = ActorRefFrom<typeof soundboxActivationMachine>;
export type IntegrateActor = ActorRefFrom<typeof edcIntegrateMachine>;
