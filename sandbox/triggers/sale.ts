import type { TriggerDefinition } from './registry';

/** Triggers of the sale area (issue 4). */
export const saleTriggers: TriggerDefinition[] = [];
