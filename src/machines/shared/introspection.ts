import type { AnyTransitionDefinition } from 'xstate';

/**
 * Names for a machine's parts that the model tests, their coverage report and the inspector must
 * agree on: one implementation, so a covered transition is always the edge the diagram colours.
 */

const HIGHER_ORDER: Record<string, string> = { and: ' and ', or: ' or ' };

/**
 * A guard as people read it: its name, or for xstate's and/or/not the names they combine
 * ("formComplete and phoneValid", "not muted"); "inline guard" for an anonymous function.
 */
export function guardLabel(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function' && Array.isArray((guard as { guards?: unknown }).guards)) {
    const parts = (guard as unknown as { guards: unknown[] }).guards.map(guardLabel);
    const name = (guard as { name?: string }).name ?? '';
    if (name === 'not') return `not ${parts.join(', ')}`;
    if (name in HIGHER_ORDER) return parts.join(HIGHER_ORDER[name]);
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'inline guard';
}

function guardSuffix(transition: AnyTransitionDefinition): string {
  const guard = transition.guard as unknown;
  return guard === undefined ? '' : ` [${guardLabel(guard)}]`;
}

/** A stable name for a transition: source, event (with index among that event's transitions, and guard), targets. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const isAlways = transition.eventType === '';
  const siblings: readonly AnyTransitionDefinition[] = isAlways
    ? (source.always ?? [])
    : (source.transitions.get(transition.eventType) ?? []);
  const index = siblings.indexOf(transition);
  const event = isAlways ? 'always' : transition.eventType;
  const targets = transition.target?.length ? transition.target.map((node) => node.id).join(', ') : '(stays)';
  return `${source.id} | ${event}${siblings.length > 1 ? `#${index}` : ''}${guardSuffix(transition)} → ${targets}`;
}

/** Active leaf states as dotted paths, e.g. "signedIn.profile.profileReady + signedIn.token.valid"; '' for none. */
export function formatStateLeaves(value: unknown): string {
  const leaves: string[] = [];
  const walk = (current: unknown, prefix: string) => {
    if (typeof current === 'string') leaves.push(prefix ? `${prefix}.${current}` : current);
    else if (current && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) walk(inner, prefix ? `${prefix}.${key}` : key);
    }
  };
  walk(value, '');
  return leaves.join(' + ');
}
