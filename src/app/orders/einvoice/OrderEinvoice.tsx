import { useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { bulkExportMachine } from '../../../machines/orders/bulkExport.machine';
import { parseRun, type BulkRun } from '../../../machines/orders/einvoice/bulk';
import { invoiceCodeView } from '../../../rules/einvoiceCode';
import { einvoiceExportMachine, type ExportRequest, type SavedCode } from '../../../machines/orders/einvoiceExport.machine';
import type { orderListMachine } from '../../../machines/orders/orderList.machine';
import type { BulkOutcome, Order } from '../../../services/orders/schemas';
import type { CompanyInfo, EinvoiceSettings, ExportResult } from '../../../services/einvoice';
import { ExportDialog } from '../../../screens/orders/einvoice/ExportDialog';
import { notify, type ToastText } from '../../shared/notify';
import { useAreaActors, useRuntime } from '../../shared/composition';
import { useSessionSelector } from '../../shared/session-context';
import { ordersActorsOf } from '../actors';

/**
 * The orders area's e-invoice export wired to the shared e-invoice services (doc 2 §4, §6): whether
 * the list shows the e-invoice column and checkboxes (the `einvoice` flag and an active set-up), the
 * bulk run kept in the tab's session storage under the merchant, and one order's export dialog.
 */

/** Where the "not set up" warning sends the merchant (the einvoice area's page). */
export const EINVOICE_SETTING_PATH = '/e-inv-setting';

type ListActor = ActorRefFrom<typeof orderListMachine>;

/** A toast naming the order's invoice as the dialog does (D224). */
function codeToast(title: 'exportedToast' | 'alreadyToast', eivCode: string, serial: string | null): ToastText {
  const view = invoiceCodeView(eivCode, serial);
  return { title: `orders:einvoice.${title}`, message: `orders:einvoice.code.${view.kind}`, values: view };
}

const slotName = (merchantId: string) => `bulk.${merchantId}`;

/** Settings are read once per visit of the list; an error leaves the column hidden (the export dialog still checks and says why). */
function useActiveSettings(enabled: boolean): boolean {
  const { exportService } = useAreaActors(ordersActorsOf);
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    exportService
      .settings(controller.signal)
      .then((settings) => setActive(settings?.active === true))
      .catch(() => setActive(false));
    return () => controller.abort();
  }, [enabled, exportService]);
  return enabled && active;
}

export function useOrderEinvoice(list: ListActor) {
  const { config, inspect } = useRuntime();
  const { exportService, bulkSlots: slots } = useAreaActors(ordersActorsOf);
  const flag = config.features.einvoice;
  const merchantId = useSessionSelector((s) => s.context.profile?.merchant_id ?? '');
  const active = useActiveSettings(flag);
  const [exporting, setExporting] = useState<Order | null>(null);
  // The machine's logic is built once; the merchant (known once the profile is) is read when a run is saved.
  const merchantRef = useRef(merchantId);
  useEffect(() => {
    merchantRef.current = merchantId;
  }, [merchantId]);

  const bulkLogic = useMemo(
    () =>
      bulkExportMachine.provide({
        actors: {
          prepareRun: fromPromise<EinvoiceSettings, void>(({ signal }) => exportService.prepareRun(signal)),
          exportOne: fromPromise<BulkOutcome, { orderId: number; settings: EinvoiceSettings }>(({ input, signal }) =>
            exportService.exportOne(input.orderId, input.settings, signal),
          ),
        },
        actions: {
          saveRun: (_, p: { run: BulkRun | null }) => {
            if (merchantRef.current !== '') slots.write(slotName(merchantRef.current), p.run === null ? null : JSON.stringify(p.run));
          },
          refreshList: () => list.send({ type: 'REFRESH' }),
          notifyFinished: (_, p: { run: BulkRun }) =>
            notify.success({
              title: 'orders:einvoice.bulk.finishedToast',
              message: 'orders:einvoice.bulk.finishedToastBody',
              values: {
                exported: p.run.items.filter((i) => i.status === 'exported').length,
                skipped: p.run.items.filter((i) => i.status === 'skipped').length,
              },
            }),
        },
      }),
    [list, exportService, slots],
  );
  // A run left by a reload resumes only with the flag on and for the merchant it was started for (D209).
  const resume = flag && merchantId !== '' ? parseRun(slots.read(slotName(merchantId))) : null;
  const bulk = useActorRef(bulkLogic, { input: { resume }, inspect });
  // After a reload the page can render before the profile: the run is picked up once the merchant is known.
  useEffect(() => {
    if (!flag || merchantId === '') return;
    const saved = parseRun(slots.read(slotName(merchantId)));
    if (saved !== null && bulk.getSnapshot().hasTag('picking') && bulk.getSnapshot().context.run === null)
      bulk.send({ type: 'RESUME', run: saved });
  }, [flag, merchantId, bulk, slots]);

  return {
    /** The per-order export (detail dialog): with the flag, whether set up or not (the dialog says). */
    canExport: flag,
    /** doc 2 §6: the column and the checkboxes need the flag and an active set-up. */
    columns: active,
    bulk,
    exporting,
    openExport: (order: Order) => setExporting(order),
    closeExport: () => setExporting(null),
  };
}

export function ExportPage({ order, list, onClose }: { order: Order; list: ListActor; onClose: () => void }) {
  const { inspect } = useRuntime();
  const { exportService } = useAreaActors(ordersActorsOf);
  const logic = useMemo(
    () =>
      einvoiceExportMachine.provide({
        actors: {
          loadSettings: fromPromise<EinvoiceSettings | null, void>(({ signal }) => exportService.settings(signal)),
          checkDeclaration: fromPromise<{ approved: boolean }, { settings: EinvoiceSettings }>(async ({ input, signal }) => ({
            approved: await exportService.declarationApproved(input.settings, signal),
          })),
          lookupCompany: fromPromise<CompanyInfo | null, { settings: EinvoiceSettings; taxCode: string }>(({ input, signal }) =>
            exportService.lookupCompany(input.settings, input.taxCode, signal),
          ),
          createInvoice: fromPromise<ExportResult, ExportRequest>(({ input, signal }) =>
            exportService.createInvoice(input.orderId, input.buyer, input.settings, signal),
          ),
          saveCode: fromPromise<SavedCode, { orderId: number; eivCode: string }>(({ input }) =>
            exportService.saveCode(input.orderId, input.eivCode),
          ),
        },
        actions: {
          orderExported: (_, p: { orderId: number; eivCode: string }) => {
            list.send({ type: 'REFRESH' });
            const shown = list.getSnapshot().context.detailOf;
            if (shown?.order_id === p.orderId)
              list.send({ type: 'DETAIL.OPEN', row: { ...shown, eiv_code: p.eivCode, is_eiv_exported: true } });
          },
          // The invoice as the merchant reads it (D224): symbol, number, lookup code; never the stored triple.
          notifyExported: (_, p: { eivCode: string; serial: string | null }) =>
            notify.success(codeToast('exportedToast', p.eivCode, p.serial)),
          notifyAlreadyExported: (_, p: { eivCode: string }) => notify.warning(codeToast('alreadyToast', p.eivCode, null)),
          notifyFailed: (_, p: { code: string }) => notify.failure('orders:einvoice.exportFailTitle', p.code),
        },
      }),
    [exportService, list],
  );
  const actor = useActorRef(logic, { input: { order }, inspect });
  useEffect(() => {
    const sub = actor.subscribe((snap) => {
      if (snap.status === 'done') onClose();
    });
    return () => sub.unsubscribe();
  }, [actor, onClose]);
  return <ExportDialog actor={actor} settingHref={EINVOICE_SETTING_PATH} />;
}
