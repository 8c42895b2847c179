import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * Which server order a local order became (D338): an order taken offline is known by a client uuid
 * until its queued create is acknowledged; the answer's order id is written here, in IndexedDB next
 * to the queue, so the dishes and the cash payment queued after it (and a reload, and another tab)
 * address the service's order. Kept per queue (the same name with `:ids`), never shared between
 * merchants or sign-ins.
 */

interface IdMapSchema extends DBSchema {
  orders: { key: string; value: { localId: string; orderId: number; at: number } };
}

export interface OrderIdMap {
  /** The service's order id for a local order, or null while its create waits. */
  get(localId: string): Promise<number | null>;
  set(localId: string, orderId: number): Promise<void>;
  close(): void;
}

export async function openOrderIdMap(name: string, now: () => number = Date.now): Promise<OrderIdMap> {
  const db: IDBPDatabase<IdMapSchema> = await openDB<IdMapSchema>(name, 1, {
    upgrade(database) {
      database.createObjectStore('orders', { keyPath: 'localId' });
    },
    blocking() {
      db.close();
    },
  });
  return {
    async get(localId) {
      const row = await db.get('orders', localId);
      return typeof row?.orderId === 'number' && Number.isInteger(row.orderId) && row.orderId > 0 ? row.orderId : null;
    },
    async set(localId, orderId) {
      await db.put('orders', { localId, orderId, at: now() });
    },
    close: () => db.close(),
  };
}
