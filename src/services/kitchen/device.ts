import { KITCHEN_TOKEN_PATTERN } from './schemas';

/**
 * What a kitchen device keeps (docs/areas/kitchen.md): its kitchen token and store name, in
 * localStorage, because a kitchen screen is a dedicated device that must come back paired after a
 * reload or a power cut, as a display does (D142). The token opens only the kitchen's own calls of its
 * store (D325), so keeping it is no risk to the portal. Storage that throws (private mode, full) is
 * read as absent: the kitchen then pairs again.
 */

export const KITCHEN_TOKEN_KEY = 'kitchen_token';
export const KITCHEN_STORE_KEY = 'kitchen_store_name';

function access<T>(operate: (storage: Storage) => T): T | null {
  try {
    return typeof window === 'undefined' ? null : operate(window.localStorage);
  } catch {
    return null;
  }
}

export const kitchenDevice = {
  token: (): string | null => {
    const value = access((s) => s.getItem(KITCHEN_TOKEN_KEY));
    return value && KITCHEN_TOKEN_PATTERN.test(value) ? value : null;
  },
  storeName: (): string => access((s) => s.getItem(KITCHEN_STORE_KEY))?.slice(0, 500) ?? '',
  save(token: string, storeName: string): void {
    access((s) => {
      s.setItem(KITCHEN_TOKEN_KEY, token);
      s.setItem(KITCHEN_STORE_KEY, storeName);
    });
  },
  forget(): void {
    access((s) => {
      s.removeItem(KITCHEN_TOKEN_KEY);
      s.removeItem(KITCHEN_STORE_KEY);
    });
  },
};
