import type { TriggerDefinition } from './registry';

/** Triggers of the shopqr area (issue 4). */
export const shopqrTriggers: TriggerDefinition[] = [];
