/**
 * The inspector's masking and safe serialisation (inspection.ts reports, this decides what may
 * leave the tab): an allow-list of field names, sensitive keys and strings masked, sizes capped.
 */

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

/**
 * Events whose free-text payload is itself a secret or personal: `PASSWORD.CHANGE {value}`, and the
 * form toolkit's `FIELD.CHANGE {field: 'password', value}` (D283), whatever the area's allow-list says.
 */
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
  const sensitiveField = event.type === 'FIELD.CHANGE' && typeof event.field === 'string' && SENSITIVE_EVENT.test(event.field);
  if (SENSITIVE_EVENT.test(event.type) || sensitiveField) {
    const out: Record<string, unknown> = { type: event.type };
    for (const [key, value] of Object.entries(event)) {
      if (key === 'field' && sensitiveField) out[key] = value;
      else if (key !== 'type') out[key] = value === '' || value === null || value === undefined ? (value ?? null) : MASK;
    }
    return out;
  }
  return maskAndSerialise(event, DEFAULT_LIMITS, shown);
}
