import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { newIdempotencyKey } from '../../../rules/idempotency';
import { outboxEntrySchema, type JsonValue, type OutboxEntry, type OutboxSnapshot, type OutboxUpdate } from './schemas';

/**
 * The outbox's durable queue (D329): one IndexedDB object store whose key generator numbers the
 * entries. The generator only grows and never hands out a number twice, even after deletions, so the
 * key order is the order of enqueueing in every tab of the origin (D332). Every write is announced on
 * a BroadcastChannel of the same name once its transaction has committed, so the other tabs re-read
 * their count (D330); the tab that wrote already has the answer.
 */

export const OUTBOX_DATABASE = 'portal-outbox';
const VERSION = 1;
const ENTRIES = 'entries';

interface OutboxSchema extends DBSchema {
  entries: { key: number; value: OutboxEntry };
}

type NewEntry = Omit<OutboxEntry, 'id'>;

export interface OutboxStore {
  /** A new entry; with `key` when the action was already tried under that key (D124: the repeat must not redo it). */
  enqueue(kind: string, payload: JsonValue, key?: string): Promise<OutboxEntry>;
  /** Every entry, oldest first. */
  list(): Promise<OutboxEntry[]>;
  snapshot(): Promise<OutboxSnapshot>;
  update(change: OutboxUpdate): Promise<void>;
  /** Calls `listener` when another tab (or another store on the database) changed the queue. */
  onChange(listener: () => void): () => void;
  close(): void;
}

export interface OutboxStoreOptions {
  /** The database's name, also the channel's; tests give each case its own. */
  name?: string;
  now?: () => number;
  /** Where change messages go; null when the browser has no BroadcastChannel. */
  channel?: (name: string) => BroadcastChannel | null;
}

const CHANGED = 'outbox.changed';

function browserChannel(name: string): BroadcastChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null;
}

function parse(row: unknown): OutboxEntry {
  return outboxEntrySchema.parse(row) as OutboxEntry;
}

type Database = IDBPDatabase<OutboxSchema>;

async function applyUpdate(db: Database, change: OutboxUpdate): Promise<void> {
  const tx = db.transaction(ENTRIES, 'readwrite');
  const store = tx.objectStore(ENTRIES);
  if (change.op === 'done' || change.op === 'discard') {
    // Deleting an entry another tab already removed is no error: the effect is the same.
    await store.delete(change.id);
  } else {
    const found = await store.get(change.id);
    if (found) {
      const entry = parse(found);
      if (change.op === 'conflict') await store.put({ ...entry, state: 'conflict', conflict: change.message });
      else if (change.op === 'failed') await store.put({ ...entry, attempts: entry.attempts + 1, lastError: change.error });
      else await store.put({ ...entry, state: 'waiting', conflict: null });
    }
  }
  await tx.done;
}

export async function openOutboxStore(options: OutboxStoreOptions = {}): Promise<OutboxStore> {
  const name = options.name ?? OUTBOX_DATABASE;
  const now = options.now ?? Date.now;
  const db: Database = await openDB<OutboxSchema>(name, VERSION, {
    upgrade(database) {
      database.createObjectStore(ENTRIES, { keyPath: 'id', autoIncrement: true });
    },
    // A newer build in another tab wants to upgrade: step aside rather than block it.
    blocking() {
      db.close();
    },
  });
  const outgoing = (options.channel ?? browserChannel)(name);
  // Channels of one name hear each other within a tab too: this store's own writes are not news to it.
  const sender = newIdempotencyKey('store');
  const announce = () => outgoing?.postMessage({ type: CHANGED, sender });
  const listeners = new Set<BroadcastChannel>();

  return {
    async enqueue(kind, payload, key) {
      const fresh: NewEntry = {
        kind,
        payload,
        key: key ?? newIdempotencyKey('outbox'),
        createdAt: now(),
        attempts: 0,
        lastError: null,
        state: 'waiting',
        conflict: null,
      };
      // The key path is filled by the generator, so the row goes in without an id.
      const id = await db.add(ENTRIES, fresh as OutboxEntry);
      announce();
      return { ...fresh, id };
    },
    async list() {
      return (await db.getAll(ENTRIES)).map(parse);
    },
    async snapshot() {
      const tx = db.transaction(ENTRIES, 'readonly');
      const [waiting, cursor] = await Promise.all([tx.store.count(), tx.store.openCursor()]);
      await tx.done;
      return { waiting, head: cursor ? parse(cursor.value) : null };
    },
    async update(change) {
      await applyUpdate(db, change);
      announce();
    },
    onChange(listener) {
      const incoming = (options.channel ?? browserChannel)(name);
      if (!incoming) return () => {};
      incoming.onmessage = (message: MessageEvent) => {
        const data = message.data as { type?: unknown; sender?: unknown } | null;
        if (data?.type === CHANGED && data.sender !== sender) listener();
      };
      listeners.add(incoming);
      return () => {
        incoming.close();
        listeners.delete(incoming);
      };
    },
    close() {
      for (const incoming of listeners) incoming.close();
      listeners.clear();
      outgoing?.close();
      db.close();
    },
  };
}
