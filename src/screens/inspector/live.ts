import { z } from '../../config/zod-classic';
import { formatStateLeaves } from '../../machines/shared/introspection';

/**
 * What the inspector knows about actors running in other tabs, built from the messages
 * src/services/shared/inspection.ts broadcasts. Messages are checked before use: any same-origin page can
 * post on the channel, and a malformed one must not break the inspector.
 */

/** Must equal src/services/shared/inspection.ts INSPECTOR_PROTOCOL (live.test.ts checks). */
export const INSPECTOR_PROTOCOL = 2;
const MAX_EVENTS = 30;
const MAX_ACTORS = 60;

const id = z.string().min(1).max(100);
const snapshotSchema = z.object({
  value: z.unknown(),
  status: z.string().max(20),
  tags: z.array(z.string().max(100)).max(50),
  context: z.unknown(),
});
const messageSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('actor'),
    actor: z.object({
      actorId: id,
      tabId: id,
      machineId: id,
      path: z.string().max(500),
      parentId: id.nullable(),
      startedAt: z.number(),
    }),
    snapshot: snapshotSchema.nullable(),
  }),
  z.object({ kind: z.literal('snapshot'), tabId: id, actorId: id, at: z.number(), snapshot: snapshotSchema }),
  z.object({ kind: z.literal('event'), tabId: id, actorId: id, at: z.number(), event: z.unknown(), source: id.nullable() }),
  z.object({
    kind: z.literal('transition'),
    tabId: id,
    actorId: id,
    at: z.number(),
    transitions: z.array(z.object({ source: z.string().max(500), eventType: z.string().max(500), index: z.number().int() })).max(50),
  }),
  z.object({ kind: z.literal('stopped'), tabId: id, actorId: id, at: z.number() }),
  z.object({ kind: z.literal('hello') }),
  z.object({ kind: z.literal('tab') }),
]);

export type LiveMessage = z.output<typeof messageSchema>;
export type LiveSnapshot = z.output<typeof snapshotSchema>;

export interface LiveEvent {
  at: number;
  type: string;
  payload: unknown;
}

export interface LiveTransitionRef {
  source: string;
  eventType: string;
  index: number;
}

export interface LiveActor {
  key: string;
  actorId: string;
  tabId: string;
  machineId: string;
  path: string;
  startedAt: number;
  snapshot: LiveSnapshot | null;
  events: LiveEvent[];
  lastTransitions: LiveTransitionRef[];
  /** Increases on every transition message, so the view can restart its flash. */
  transitionSeq: number;
  ended: boolean;
}

export type LiveState = ReadonlyMap<string, LiveActor>;

export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (!data || typeof data !== 'object' || (data as { protocol?: unknown }).protocol !== INSPECTOR_PROTOCOL) return null;
  const parsed = messageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

const keyOf = (tabId: string, actorId: string) => `${tabId}:${actorId}`;

export function applyLiveMessage(state: LiveState, message: LiveMessage): LiveState {
  if (message.kind === 'hello' || message.kind === 'tab') return state;
  const next = new Map(state);
  if (message.kind === 'actor') {
    const key = keyOf(message.actor.tabId, message.actor.actorId);
    const existing = next.get(key);
    next.set(key, {
      key,
      ...message.actor,
      snapshot: message.snapshot ?? existing?.snapshot ?? null,
      events: existing?.events ?? [],
      lastTransitions: existing?.lastTransitions ?? [],
      transitionSeq: existing?.transitionSeq ?? 0,
      ended: false,
    });
    // Old ended actors go first when the list grows too long.
    if (next.size > MAX_ACTORS) {
      const oldest = [...next.values()].filter((actor) => actor.ended).sort((a, b) => a.startedAt - b.startedAt)[0];
      if (oldest) next.delete(oldest.key);
    }
    return next;
  }
  const key = keyOf(message.tabId, message.actorId);
  const actor = next.get(key);
  if (!actor) return state;
  switch (message.kind) {
    case 'snapshot':
      next.set(key, { ...actor, snapshot: message.snapshot });
      break;
    case 'event': {
      const type = message.event && typeof message.event === 'object' ? String((message.event as { type?: unknown }).type ?? '?') : '?';
      const events = [{ at: message.at, type, payload: message.event }, ...actor.events].slice(0, MAX_EVENTS);
      next.set(key, { ...actor, events });
      break;
    }
    case 'transition':
      next.set(key, { ...actor, lastTransitions: message.transitions, transitionSeq: actor.transitionSeq + 1 });
      break;
    case 'stopped':
      next.set(key, { ...actor, ended: true });
      break;
  }
  return next;
}

/** Active leaves as dotted paths, e.g. `signedIn.profile.profileReady + signedIn.token.valid`. */
export function formatStateValue(value: unknown): string {
  return formatStateLeaves(value) || '—';
}
