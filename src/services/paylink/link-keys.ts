/**
 * The Idempotency-Key of one Pay by Link attempt, kept in this tab's session storage (D157): a retry
 * after a lost answer, a double click or a reload mid-attempt sends the same key, and the service
 * answers the first link instead of making a second. The payLink machine forgets it after a definite
 * outcome. Session storage, not local: another tab makes its own links.
 */
import { IDEMPOTENCY_KEY_PATTERN, newIdempotencyKey } from '../../rules/idempotency';
import { createSessionSlots } from '../shared/sessionSlots';

export interface LinkKeys {
  /** The attempt's key: the stored one, or a new one stored before it is used. */
  current(): string;
  forget(): void;
}

export const LINK_KEY_SLOT = 'paylink.attempt';

export function createLinkKeys(storage: () => Storage | null, makeKey: () => string = () => newIdempotencyKey('link')): LinkKeys {
  const slots = createSessionSlots('', storage);
  return {
    current() {
      const existing = slots.read(LINK_KEY_SLOT);
      if (existing && IDEMPOTENCY_KEY_PATTERN.test(existing)) return existing;
      const key = makeKey();
      slots.write(LINK_KEY_SLOT, key);
      return key;
    },
    forget() {
      slots.write(LINK_KEY_SLOT, null);
    },
  };
}
