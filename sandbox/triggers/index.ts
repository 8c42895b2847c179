import { bankTriggers } from './bank';
import { edcTriggers } from './edc';
import type { TriggerDefinition } from './registry';
import { saleTriggers } from './sale';
import { shopqrTriggers } from './shopqr';

export type { TriggerDefinition, TriggerParam } from './registry';

/** Every trigger, by area; names are unique (checked in controls.test). */
export const TRIGGERS: readonly TriggerDefinition[] = [...bankTriggers, ...shopqrTriggers, ...edcTriggers, ...saleTriggers];

export function findTrigger(name: string): TriggerDefinition | undefined {
  return TRIGGERS.find((t) => t.name === name);
}
