/**
 * In the page: how many dishes the till has kept for selling offline (D348), read from its keep store
 * in IndexedDB (`portal-outbox:<merchant>:<user>:keep`, row `orders.products`); 0 before the first
 * catalogue was kept. Passed whole to `page.evaluate` or `page.waitForFunction`, so it imports nothing.
 */
export async function keptDishCount(): Promise<number> {
  const names = (await indexedDB.databases()).map((d) => d.name ?? '');
  const name = names.find((n) => n.startsWith('portal-outbox:') && n.endsWith(':keep'));
  if (!name) return 0;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const row = await new Promise<{ value?: unknown[] } | undefined>((resolve) => {
    const get = db.transaction('rows').objectStore('rows').get('orders.products');
    get.onsuccess = () => resolve(get.result as { value?: unknown[] } | undefined);
    get.onerror = () => resolve(undefined);
  });
  db.close();
  return Array.isArray(row?.value) ? row.value.length : 0;
}
