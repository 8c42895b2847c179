import type { AnyActorRef, InspectionEvent } from 'xstate';

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

// ---- masking and safe serialisation ----------------------------------------------------------

export const MASK = '•••';

/**
 * Field names any machine may show as they are: paging, status and error bookkeeping. Everything
 * else is masked unless an area lists it (`inspectorFields` in src/app/<area>/area.ts): an
 * allow-list, so a new area's `customer_name` or `tax_code` is hidden until someone decides it is safe.
 */
export const BASE_SHOWN_FIELDS: readonly string[] = [
  'type',
  'id',
  'code',
  'errorCode',
  'status',
  'kind',
  'page',
  'pageSize',
  'totalPage',
  'tab',
  'step',
  'reason',
  'attempt',
];

/** Keys whose values are secrets or personal data (compared case-insensitively, without _ and -). */
const SENSITIVE_KEYS = new Set(
  [
    'password',
    'newPassword',
    'new_password',
    'oldPassword',
    'confirm',
    'confirmation',
    'token',
    'tokens',
    'accessToken',
    'refreshToken',
    'access_token',
    'refresh_token',
    'idToken',
    'authorization',
    'secret',
    'email',
    'sentTo',
    'phone',
    'phoneNumber',
    'mobile',
    'username',
    'full_name',
    'fullName',
    'name_on_card',
    'identity_number',
    'id_number',
    // Names of people (profile, salesperson) and tax and account numbers identify someone.
    'name',
    'tax_no',
    'address',
    'birthday',
    'account_number',
    'account_no',
    'card_number',
  ].map((key) => normalizeKey(key)),
);

function normalizeKey(key: string): string {
  return key.toLowerCase().replace(/[_-]/g, '');
}

export function isSensitiveKey(key: string): boolean {
  const normal = normalizeKey(key);
  return SENSITIVE_KEYS.has(normal) || /password|token|secret|email|phone/.test(normal);
}

const JWT = /^[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*$/;
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
const BEARER = /^bearer\s+/i;

function maskString(value: string): string {
  if (JWT.test(value) || BEARER.test(value) || EMAIL.test(value)) return MASK;
  return value;
}

/** Events whose free-text payload is itself a secret or personal: `PASSWORD.CHANGE {value}`. */
const SENSITIVE_EVENT = /password|confirm|username|email|phone|token|otp|pin/i;

export interface SerialiseLimits {
  depth: number;
  arrayItems: number;
  objectKeys: number;
  stringLength: number;
  /** Bound on the JSON text of one serialised value. */
  totalChars: number;
}

export const DEFAULT_LIMITS: SerialiseLimits = { depth: 6, arrayItems: 50, objectKeys: 60, stringLength: 300, totalChars: 16_000 };

function isActorRefLike(value: object): boolean {
  return typeof (value as { send?: unknown }).send === 'function' && typeof (value as { getSnapshot?: unknown }).getSnapshot === 'function';
}

/**
 * A JSON-safe copy in which only allowed fields keep their values (`shown`; the deny-list and the
 * string patterns above still apply to those): no functions, no actor refs, no cycles, bounded in
 * depth, width and total size.
 */
export function maskAndSerialise(
  value: unknown,
  limits: SerialiseLimits = DEFAULT_LIMITS,
  shown: ReadonlySet<string> = new Set(BASE_SHOWN_FIELDS),
): unknown {
  const allowed = new Set([...shown].map(normalizeKey));
  const seen = new WeakSet<object>();
  const walk = (current: unknown, depth: number): unknown => {
    if (current === null || current === undefined) return current ?? null;
    switch (typeof current) {
      case 'string': {
        const masked = maskString(current);
        return masked.length > limits.stringLength ? `${masked.slice(0, limits.stringLength)}…` : masked;
      }
      case 'number':
        return Number.isFinite(current) ? current : String(current);
      case 'boolean':
        return current;
      case 'bigint':
        return String(current);
      case 'function':
      case 'symbol':
        return undefined;
    }
    const object = current as object;
    if (isActorRefLike(object)) return '[actor]';
    if (seen.has(object)) return '[circular]';
    if (depth >= limits.depth) return '[…]';
    seen.add(object);
    if (object instanceof Error) {
      const code = (object as { code?: unknown }).code;
      return { name: object.name, ...(typeof code === 'string' ? { code } : {}) };
    }
    if (object instanceof Date) return object.toISOString();
    if (object instanceof Map) return walk(Object.fromEntries(object), depth);
    if (object instanceof Set) return walk([...object], depth);
    if (Array.isArray(object)) {
      const items = object.slice(0, limits.arrayItems).map((item) => walk(item, depth + 1) ?? null);
      if (object.length > limits.arrayItems) items.push(`… ${object.length - limits.arrayItems} more`);
      return items;
    }
    const out: Record<string, unknown> = {};
    const entries = Object.entries(object);
    for (const [key, inner] of entries.slice(0, limits.objectKeys)) {
      if (isSensitiveKey(key) || !allowed.has(normalizeKey(key))) {
        if (typeof inner === 'function' || typeof inner === 'symbol') continue;
        out[key] = inner === null || inner === undefined || inner === '' ? (inner ?? null) : MASK;
        continue;
      }
      const serialised = walk(inner, depth + 1);
      if (serialised !== undefined) out[key] = serialised;
    }
    if (entries.length > limits.objectKeys) out['…'] = `${entries.length - limits.objectKeys} more keys`;
    return out;
  };
  const result = walk(value, 0);
  const text = JSON.stringify(result) ?? 'null';
  return text.length > limits.totalChars ? { truncated: true, size: text.length } : result;
}

export function maskEvent(event: { type: string } & Record<string, unknown>, shown?: ReadonlySet<string>): unknown {
  if (SENSITIVE_EVENT.test(event.type)) {
    const out: Record<string, unknown> = { type: event.type };
    for (const [key, value] of Object.entries(event)) {
      if (key !== 'type') out[key] = value === '' || value === null || value === undefined ? (value ?? null) : MASK;
    }
    return out;
  }
  return maskAndSerialise(event, DEFAULT_LIMITS, shown);
}

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
  const live = new Map<string, { info: ActorInfo; ref: AnyActorRef; shown: ReadonlySet<string> }>();

  const post = (message: InspectorMessage) => {
    try {
      channel.postMessage(message);
    } catch {
      // A closed channel or an uncloneable leftover must never break the portal itself.
    }
  };

  // Nothing is masked, serialised or posted until an inspector tab has said hello: a page change
  // would otherwise pay for copying every snapshot that no one reads (issue 10 §8).
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

  const report = (event: InspectionEvent) => {
    const ref = event.actorRef as AnyActorRef;
    const actorId = ref.sessionId;
    switch (event.type) {
      case '@xstate.actor': {
        const machine = machineOf(ref);
        if (!machine) return;
        const parent = (ref as { _parent?: AnyActorRef })._parent;
        const info: ActorInfo = {
          actorId,
          tabId,
          machineId: machine.id,
          path: path(),
          parentId: parent?.sessionId ?? null,
          startedAt: now(),
        };
        live.set(actorId, { info, ref, shown: shownFor(machine.id) });
        if (listening) post({ protocol: INSPECTOR_PROTOCOL, kind: 'actor', actor: info, snapshot: null });
        return;
      }
      case '@xstate.snapshot': {
        const actor = live.get(actorId);
        if (!actor) return;
        const snapshot = event.snapshot as { status?: unknown };
        const ended = snapshot.status !== 'active' || event.event.type === 'xstate.stop';
        if (ended) live.delete(actorId);
        if (!listening) return;
        post({
          protocol: INSPECTOR_PROTOCOL,
          kind: 'snapshot',
          tabId,
          actorId,
          at: now(),
          snapshot: snapshotInfo(event.snapshot, actor.shown),
        });
        if (ended) post({ protocol: INSPECTOR_PROTOCOL, kind: 'stopped', tabId, actorId, at: now() });
        return;
      }
      case '@xstate.event': {
        const actor = live.get(actorId);
        if (!actor || !listening) return;
        const source = event.sourceRef ? (event.sourceRef as AnyActorRef).sessionId : null;
        post({
          protocol: INSPECTOR_PROTOCOL,
          kind: 'event',
          tabId,
          actorId,
          at: now(),
          event: maskEvent(event.event, actor.shown),
          source,
        });
        return;
      }
      case '@xstate.microstep': {
        if (!listening || !live.has(actorId) || event._transitions.length === 0) return;
        const transitions = event._transitions.map((transition) => {
          const isAlways = transition.eventType === '';
          const siblings = isAlways ? (transition.source.always ?? []) : (transition.source.transitions.get(transition.eventType) ?? []);
          return { source: transition.source.id, eventType: transition.eventType, index: siblings.indexOf(transition) };
        });
        post({ protocol: INSPECTOR_PROTOCOL, kind: 'transition', tabId, actorId, at: now(), transitions });
        return;
      }
      default:
        return;
    }
  };

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
