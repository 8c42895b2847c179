import { fromPromise } from 'xstate';
import type { LinkedBankAccount, NewShopQr, ShopQrDetail, ShopQrRow, StaffOption } from './schemas';
import type { ShopQrApi, ShopQrPage } from './index';

export interface AddOptions {
  bankAccounts: LinkedBankAccount[];
  staff: StaffOption[];
}

/**
 * The ShopQR machines' actors (shopQrAdd, shopQrList) for `machine.provide({ actors })` in src/app.
 * Each passes the machine's abort signal on, so leaving a state stops its request.
 */
export function createShopQrActors(api: ShopQrApi) {
  return {
    loadAddOptions: fromPromise<AddOptions, void>(async ({ signal }) => {
      const [bankAccounts, staff] = await Promise.all([api.bankAccounts(signal), api.staff(signal)]);
      return { bankAccounts, staff };
    }),
    createShopQr: fromPromise<ShopQrRow, NewShopQr>(({ input, signal }) => api.create(input, signal)),
    loadShopQrs: fromPromise<ShopQrPage, { page: number; pageSize: number }>(({ input, signal }) => api.list(input, signal)),
    loadShopQr: fromPromise<ShopQrDetail, { vaAccountNo: string }>(({ input, signal }) => api.detail(input.vaAccountNo, signal)),
    deleteShopQr: fromPromise<void, { channelId: number }>(({ input, signal }) => api.remove(input.channelId, signal)),
  };
}
