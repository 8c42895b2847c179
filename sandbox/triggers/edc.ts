import type { TriggerDefinition } from './registry';

/** Triggers of the edc area (issue 4). */
export const edcTriggers: TriggerDefinition[] = [];
