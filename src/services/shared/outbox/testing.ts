import * as fake from 'fake-indexeddb';
import { afterAll, beforeAll, vi } from 'vitest';

/**
 * For tests only: IndexedDB in Node (fake-indexeddb, D329). idb reads the browser's globals, so they
 * are stubbed for the file and restored after it: the node project's workers share their globals
 * across files (D315). Each call to `freshDatabaseName` gives a test its own database.
 */
export function installFakeIndexedDB(): void {
  beforeAll(() => {
    vi.stubGlobal('indexedDB', new fake.IDBFactory());
    for (const name of [
      'IDBCursor',
      'IDBCursorWithValue',
      'IDBDatabase',
      'IDBIndex',
      'IDBKeyRange',
      'IDBObjectStore',
      'IDBOpenDBRequest',
      'IDBRequest',
      'IDBTransaction',
      'IDBVersionChangeEvent',
    ] as const) {
      vi.stubGlobal(name, fake[name]);
    }
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });
}

let databases = 0;

export function freshDatabaseName(): string {
  databases += 1;
  return `outbox-test-${databases}`;
}
