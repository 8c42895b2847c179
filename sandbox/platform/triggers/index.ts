import { bankTriggers } from '../../areas/bank/triggers';
import { edcTriggers } from '../../areas/edc/triggers';
import type { TriggerDefinition } from './registry';
import { saleTriggers } from '../../areas/notifications/triggers';
import { shopqrTriggers } from '../../areas/shopqr/triggers';

export type { TriggerDefinition, TriggerParam } from './registry';

/** Every trigger, by area; names are unique (checked in controls.test). */
export const TRIGGERS: readonly TriggerDefinition[] = [...bankTriggers, ...shopqrTriggers, ...edcTriggers, ...saleTriggers];

export function findTrigger(name: string): TriggerDefinition | undefined {
  return TRIGGERS.find((t) => t.name === name);
}
