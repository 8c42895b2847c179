/**
 * Named strings kept in this tab's session storage (across reloads, not shared with other tabs), with
 * a copy in memory: storage can refuse (private mode, quota) or be missing, and then a value lives as
 * long as the page, which still covers double clicks and retries, only not a reload. What the
 * idempotency keys of adding dishes and paying are kept in (D124).
 */
export interface SessionSlots {
  read(name: string): string | null;
  /** null removes. */
  write(name: string, value: string | null): void;
}

const browserSession = (): Storage | null => (typeof window === 'undefined' ? null : window.sessionStorage);

export function createSessionSlots(prefix: string, storage: () => Storage | null = browserSession): SessionSlots {
  const memory = new Map<string, string>();
  return {
    read(name) {
      const key = prefix + name;
      try {
        return storage()?.getItem(key) ?? memory.get(key) ?? null;
      } catch {
        return memory.get(key) ?? null;
      }
    },
    write(name, value) {
      const key = prefix + name;
      if (value === null) memory.delete(key);
      else memory.set(key, value);
      try {
        if (value === null) storage()?.removeItem(key);
        else storage()?.setItem(key, value);
      } catch {
        /* the memory copy above */
      }
    },
  };
}
