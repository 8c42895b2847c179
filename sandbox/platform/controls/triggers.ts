import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { ApiError } from '../http/envelope';
import type { TriggerDefinition } from '../triggers/registry';

/**
 * GET /sandbox/triggers: the list (name, summary, params). POST /sandbox/triggers/:name with a JSON
 * object of string parameters: runs it and answers what happened. Plain JSON, like every control.
 */
export function registerTriggerControls(app: FastifyInstance, ctx: SandboxContext, triggers: readonly TriggerDefinition[]): void {
  app.get('/sandbox/triggers', async () => triggers.map(({ name, summary, params }) => ({ name, summary, params })));

  app.post<{ Params: { name: string } }>('/sandbox/triggers/:name', async (request) => {
    const trigger = triggers.find((t) => t.name === request.params.name);
    if (!trigger) throw new ApiError(404, 'NOT_FOUND', `No trigger "${request.params.name}"; GET /sandbox/triggers lists them`);
    const params = toStringParams(request.body);
    const missing = trigger.params.filter((p) => p.required && !params[p.name]).map((p) => p.name);
    if (missing.length) throw new ApiError(400, 'REQUIRED', `Missing: ${missing.join(', ')}`, { fields: missing });
    return trigger.run(ctx, params);
  });
}

function toStringParams(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof body !== 'object' || body === null) return out;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
  }
  return out;
}
