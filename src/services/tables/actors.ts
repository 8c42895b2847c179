import { fromPromise } from 'xstate';
import type { TablesApi } from './api';
import { saveTableQr } from './qr-image';
import type { SaleMerchant, Table, TableBody, TableListQuery } from './schemas';

/** The table grid's actors for `machine.provide({ actors })` in src/app; each request stops with its actor. */
export function createTablesActors(api: TablesApi) {
  return {
    loadTables: fromPromise<Table[], TableListQuery>(({ input, signal }) => api.list(input, signal)),
    createTable: fromPromise<{ table_id: number }, TableBody>(({ input, signal }) => api.create(input, signal)),
    renameTable: fromPromise<Table, { id: number; body: TableBody }>(({ input, signal }) => api.rename(input.id, input.body, signal)),
    removeTable: fromPromise<void, { id: number }>(({ input, signal }) => api.remove(input.id, signal)),
    loadWebsite: fromPromise<SaleMerchant, void>(({ signal }) => api.merchant(signal)),
    saveQrImage: fromPromise<void, { text: string; tableName: string; size: number }>(({ input }) =>
      saveTableQr(input.text, input.tableName, input.size),
    ),
    openBill: fromPromise<{ order_id: number }, { table_id: number }>(({ input, signal }) => api.openBill(input.table_id, signal)),
  };
}

export type TablesActors = ReturnType<typeof createTablesActors>;
