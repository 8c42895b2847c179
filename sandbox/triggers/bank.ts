import type { TriggerDefinition } from './registry';

/** Triggers of the bank area (issue 4). */
export const bankTriggers: TriggerDefinition[] = [];
