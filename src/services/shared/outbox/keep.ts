import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { JsonValue } from './schemas';

/**
 * What the till keeps for selling offline besides its queue (D348): the catalogue it last loaded, so
 * the dish tiles still show when the sale service cannot be reached. One IndexedDB database next to
 * the queue (the queue's name with `:keep`), so it belongs to one merchant's user like the queue
 * (D338) and never to another sign-in. Rows are JSON as written; whoever reads one checks it with its
 * own schema (a row may come from an older build).
 */

interface KeepSchema extends DBSchema {
  rows: { key: string; value: { key: string; value: JsonValue; at: number } };
}

export interface TillKeep {
  /** The row's value, or null when nothing was kept under that key. */
  get(key: string): Promise<unknown>;
  put(key: string, value: JsonValue): Promise<void>;
  close(): void;
}

export async function openTillKeep(name: string, now: () => number = Date.now): Promise<TillKeep> {
  const db: IDBPDatabase<KeepSchema> = await openDB<KeepSchema>(name, 1, {
    upgrade(database) {
      database.createObjectStore('rows', { keyPath: 'key' });
    },
    blocking() {
      db.close();
    },
  });
  return {
    async get(key) {
      const row = await db.get('rows', key);
      return row ? row.value : null;
    },
    async put(key, value) {
      await db.put('rows', { key, value, at: now() });
    },
    close: () => db.close(),
  };
}
