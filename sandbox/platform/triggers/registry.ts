import type { SandboxContext } from '../context';

/**
 * Event triggers: what a payment provider's test mode offers. A person runs
 * `npm run sandbox -- trigger <name> --key value`, a test POSTs /sandbox/triggers/<name> with the
 * same keys as a JSON body. Parameters arrive as strings (the command line has no types); each
 * trigger parses and checks its own and answers what it did.
 */
export interface TriggerParam {
  name: string;
  description: string;
  required?: boolean;
}

export interface TriggerDefinition {
  name: string;
  summary: string;
  params: TriggerParam[];
  run(ctx: SandboxContext, params: Record<string, string>): Promise<unknown>;
}
