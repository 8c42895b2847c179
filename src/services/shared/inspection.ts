import type { AnyActorRef, InspectionEvent } from 'xstate';
import { BASE_SHOWN_FIELDS, DEFAULT_LIMITS, maskAndSerialise, maskEvent } from './inspection-mask';

/**
 * Reports the portal's machine actors to the inspector (/portal/inspector, another tab of the same
 * browser) over a BroadcastChannel. Only created when `features.inspector` is on; otherwise the
 * actors get no inspect callback at all. Everything that leaves this tab is masked and serialised
 * here: the channel reaches every same-origin tab, so tokens, passwords and personal data must not.
 */

export const INSPECTOR_CHANNEL = 'portal-inspector';
/** Bumped when the message shapes change, so an old inspector tab ignores what it cannot read. */
export const INSPECTOR_PROTOCOL = 2;

export interface ActorInfo {
  /** Unique per actor in its tab (xstate's sessionId). */
  actorId: string;
  tabId: string;
  /** The machine's id, e.g. `session`: how the inspector finds its diagram. */
  machineId: string;
  /** Where the tab was when the actor started (path only, never the query: it may carry a token). */
  path: string;
  parentId: string | null;
  startedAt: number;
}

export interface SnapshotInfo {
  value: unknown;
  status: string;
  tags: string[];
  context: unknown;
}

export type InspectorMessage =
  | { protocol: typeof INSPECTOR_PROTOCOL; kind: 'actor'; actor: ActorInfo; snapshot: SnapshotInfo | null }
  | { protocol: typeof INSPECTOR_PROTOCOL; kind: 'snapshot'; tabId: string; actorId: string; at: number; snapshot: SnapshotInfo }
  | {
      protocol: typeof INSPECTOR_PROTOCOL;
      kind: 'event';
      tabId: string;
      actorId: string;
      at: number;
      event: unknown;
      source: string | null;
    }
  | {
      protocol: typeof INSPECTOR_PROTOCOL;
      kind: 'transition';
      tabId: string;
      actorId: string;
      at: number;
      transitions: Array<{ source: string; eventType: string; index: number }>;
    }
  | { protocol: typeof INSPECTOR_PROTOCOL; kind: 'stopped'; tabId: string; actorId: string; at: number }
  /** Sent by an inspector tab that just opened: every portal tab answers with its live actors. */
  | { protocol: typeof INSPECTOR_PROTOCOL; kind: 'hello' }
  /** Sent by a portal tab that just opened: an inspector tab already open answers hello. */
  | { protocol: typeof INSPECTOR_PROTOCOL; kind: 'tab' };

// ---- masking and safe serialisation: inspection-mask.ts ---------------------------------------
export {
  BASE_SHOWN_FIELDS,
  DEFAULT_LIMITS,
  MASK,
  isSensitiveKey,
  maskAndSerialise,
  maskEvent,
  type SerialiseLimits,
} from './inspection-mask';

// ---- the reporter ----------------------------------------------------------------------------

interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface InspectionReporter {
  /** Pass as the `inspect` option of createActor / useActorRef. */
  inspect: (event: InspectionEvent) => void;
  close(): void;
}

interface MachineLike {
  id: string;
  root: unknown;
}

function machineOf(actorRef: AnyActorRef): MachineLike | null {
  const logic = (actorRef as { logic?: unknown }).logic;
  if (logic && typeof logic === 'object' && 'root' in logic && 'id' in logic) return logic as MachineLike;
  return null;
}

/** A state value holds only state names from the machine's code: copied, never masked (a region may be called `token`). */
function stateValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.slice(0, 200);
  if (!value || typeof value !== 'object' || depth > 10) return null;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key.slice(0, 200), stateValue(inner, depth + 1)]));
}

function snapshotInfo(snapshot: unknown, shown: ReadonlySet<string>): SnapshotInfo {
  const s = snapshot as { value?: unknown; status?: unknown; tags?: unknown; context?: unknown };
  return {
    value: stateValue(s.value),
    status: typeof s.status === 'string' ? s.status : 'unknown',
    tags: s.tags instanceof Set ? [...s.tags].map(String) : [],
    context: maskAndSerialise(s.context, DEFAULT_LIMITS, shown),
  };
}

function randomId(): string {
  const bytes = new Uint8Array(4);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

type LiveActor = { info: ActorInfo; ref: AnyActorRef; shown: ReadonlySet<string> };

/** What reportEvent needs of its reporter: the tab, its clocks, the live actors and the channel. */
interface ReportState {
  tabId: string;
  now: () => number;
  path: () => string;
  shownFor: (machineId: string) => ReadonlySet<string>;
  live: Map<string, LiveActor>;
  post: (message: InspectorMessage) => void;
  /** Whether an inspector tab has said hello (nothing is serialised before). */
  listening: () => boolean;
}

/** One inspection event of xstate as the inspector's message: an actor started, a snapshot, an event, the transitions taken. */
function reportEvent(r: ReportState, event: InspectionEvent): void {
  const ref = event.actorRef as AnyActorRef;
  const actorId = ref.sessionId;
  switch (event.type) {
    case '@xstate.actor': {
      const machine = machineOf(ref);
      if (!machine) return;
      const parent = (ref as { _parent?: AnyActorRef })._parent;
      const info: ActorInfo = {
        actorId,
        tabId: r.tabId,
        machineId: machine.id,
        path: r.path(),
        parentId: parent?.sessionId ?? null,
        startedAt: r.now(),
      };
      r.live.set(actorId, { info, ref, shown: r.shownFor(machine.id) });
      if (r.listening()) r.post({ protocol: INSPECTOR_PROTOCOL, kind: 'actor', actor: info, snapshot: null });
      return;
    }
    case '@xstate.snapshot': {
      const actor = r.live.get(actorId);
      if (!actor) return;
      const snapshot = event.snapshot as { status?: unknown };
      const ended = snapshot.status !== 'active' || event.event.type === 'xstate.stop';
      if (ended) r.live.delete(actorId);
      if (!r.listening()) return;
      r.post({
        protocol: INSPECTOR_PROTOCOL,
        kind: 'snapshot',
        tabId: r.tabId,
        actorId,
        at: r.now(),
        snapshot: snapshotInfo(event.snapshot, actor.shown),
      });
      if (ended) r.post({ protocol: INSPECTOR_PROTOCOL, kind: 'stopped', tabId: r.tabId, actorId, at: r.now() });
      return;
    }
    case '@xstate.event': {
      const actor = r.live.get(actorId);
      if (!actor || !r.listening()) return;
      const source = event.sourceRef ? (event.sourceRef as AnyActorRef).sessionId : null;
      r.post({
        protocol: INSPECTOR_PROTOCOL,
        kind: 'event',
        tabId: r.tabId,
        actorId,
        at: r.now(),
        event: maskEvent(event.event, actor.shown),
        source,
      });
      return;
    }
    case '@xstate.microstep': {
      if (!r.listening() || !r.live.has(actorId) || event._transitions.length === 0) return;
      const transitions = event._transitions.map((transition) => {
        const isAlways = transition.eventType === '';
        const siblings = isAlways ? (transition.source.always ?? []) : (transition.source.transitions.get(transition.eventType) ?? []);
        return { source: transition.source.id, eventType: transition.eventType, index: siblings.indexOf(transition) };
      });
      r.post({ protocol: INSPECTOR_PROTOCOL, kind: 'transition', tabId: r.tabId, actorId, at: r.now(), transitions });
      return;
    }
    default:
      return;
  }
}

export interface ReporterOptions {
  channel?: ChannelLike;
  /** Field names of a machine's context and events that may leave the tab unmasked, besides BASE_SHOWN_FIELDS (its area's allow-list). */
  shownFields?: (machineId: string) => Iterable<string>;
  now?: () => number;
  path?: () => string;
}

export function createInspectionReporter(options: ReporterOptions = {}): InspectionReporter | undefined {
  if (!options.channel && typeof BroadcastChannel === 'undefined') return undefined;
  const channel: ChannelLike = options.channel ?? new BroadcastChannel(INSPECTOR_CHANNEL);
  const now = options.now ?? (() => Date.now());
  const path = options.path ?? (() => (typeof location === 'undefined' ? '' : location.pathname));
  const tabId = randomId();
  const shownFor = (machineId: string): ReadonlySet<string> => new Set([...BASE_SHOWN_FIELDS, ...(options.shownFields?.(machineId) ?? [])]);
  const live = new Map<string, LiveActor>();

  const post = (message: InspectorMessage) => {
    try {
      channel.postMessage(message);
    } catch {
      // A closed channel or an uncloneable leftover must never break the portal itself.
    }
  };

  // Nothing is masked, serialised or posted until an inspector tab has said hello: a page change
  // would otherwise pay for copying every snapshot that no one reads (the page's speed: total blocking time).
  let listening = false;
  channel.addEventListener('message', (event) => {
    const data = event.data as { protocol?: unknown; kind?: unknown } | null;
    if (data?.protocol !== INSPECTOR_PROTOCOL || data.kind !== 'hello') return;
    listening = true;
    for (const { info, ref, shown } of live.values()) {
      post({ protocol: INSPECTOR_PROTOCOL, kind: 'actor', actor: info, snapshot: snapshotInfo(ref.getSnapshot(), shown) });
    }
  });

  post({ protocol: INSPECTOR_PROTOCOL, kind: 'tab' });

  const report = (event: InspectionEvent) => reportEvent({ tabId, now, path, shownFor, live, post, listening: () => listening }, event);

  const inspect = (event: InspectionEvent) => {
    try {
      report(event);
    } catch {
      // xstate calls this inside the actor's own step: a reporting fault must never become the portal's.
    }
  };

  return {
    inspect,
    close: () => {
      live.clear();
      channel.close();
    },
  };
}
