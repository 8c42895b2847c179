import type { ActorRefFrom, ContextFrom } from 'xstate';
import type { einvoiceSetupMachine } from '../../../machines/einvoice/einvoiceSetup.machine';

export type EinvoiceSetupActor = ActorRefFrom<typeof einvoiceSetupMachine>;
export type SetupContext = ContextFrom<typeof einvoiceSetupMachine>;
