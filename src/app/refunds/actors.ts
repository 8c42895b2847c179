import { fromPromise } from 'xstate';
import { i18n } from '../../i18n';
import type { RefundPrintInput } from '../../machines/refunds/refundOrder.machine';
import { createRefundsActors, createRefundsApi, refundReceiptData } from '../../services/refunds';
import { createReceiptPrinter } from '../../services/shared/print/printer';
import { renderReceipt } from '../../screens/shared/receipt/render';
import type { AreaFactory } from '../shared/composition';
import { realtimeHubOf } from '../shared/realtime-runtime';

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The refunds area's wiring for one runtime (D279): the sale client's refund calls, the realtime hub,
 * this tab's keys, and the shared 80 mm receipt printer for the refund receipt (issue 27 §1).
 */
export const refundsActorsOf: AreaFactory<
  ReturnType<typeof createRefundsActors> & { printRefundReceipt: ReturnType<typeof fromPromise<void, RefundPrintInput>> }
> = (scope) => {
  const printer = createReceiptPrinter({ win: window, render: renderReceipt });
  return {
    ...createRefundsActors({
      api: createRefundsApi(scope.runtime.clients.sale),
      hub: scope.use(realtimeHubOf),
      storage: safeSessionStorage,
    }),
    printRefundReceipt: fromPromise<void, RefundPrintInput>(async ({ input }) => {
      const language = i18n.language === 'en' ? 'en' : 'vi';
      const reasonKey = `refunds:reason.${input.refund.reason}`;
      await printer(
        refundReceiptData({
          ...input,
          shopName: scope.runtime.session.getSnapshot().context.profile?.merchant.name ?? '',
          language,
          reasonText: i18n.exists(reasonKey, { lng: language }) ? i18n.t(reasonKey, { lng: language }) : input.refund.reason,
        }),
      );
    }),
  };
};
