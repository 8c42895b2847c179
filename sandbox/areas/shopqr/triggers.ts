import type { TriggerDefinition } from '../../platform/triggers/registry';

/** Triggers of the shopqr area (issue 4). */
export const shopqrTriggers: TriggerDefinition[] = [];
