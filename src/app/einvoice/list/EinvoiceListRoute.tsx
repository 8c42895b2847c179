import { useEffect, useMemo, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { Route, Routes, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { i18n } from '../../../i18n';
import { einvoiceListMachine } from '../../../machines/einvoice/einvoiceList.machine';
import { invoicePdfMachine } from '../../../machines/einvoice/invoicePdf.machine';
import { invoiceSignMachine } from '../../../machines/einvoice/invoiceSign.machine';
import { invoiceCorrectMachine } from '../../../machines/einvoice/invoiceCorrect.machine';
import { einvoiceUrl } from '../../../machines/einvoice/list/einvoiceUrl';
import { vnToday } from '../../../rules/vnTime';
import { parseEivCode, serialText } from '../../../rules/einvoiceCode';
import { pdfFileName } from '../../../services/einvoice/list/actors';
import { downloadPdf, openPdfInTab, printPdf } from '../../../services/einvoice/list/pdf-actions';
import type { EinvoiceListRow } from '../../../services/einvoice/list/schemas';
import { EinvoiceListScreen } from '../../../screens/einvoice/list/EinvoiceListScreen';
import { NotFound } from '../../../screens/shared/NotFound';
import { notify } from '../../shared/notify';
import { useAreaActors, useRuntime } from '../../shared/composition';
import { useListPage } from '../../shared/use-list-page';
import { einvoicePaths } from '../paths';
import { einvoiceListActorsOf, type EinvoiceListActors } from './services';

/**
 * /e-invoice (doc 2 §2): the list machine with its PDF and sign popups wired to the provider set up
 * (through the shared e-invoice services: settings, token, adapter). Filters and page live in the
 * address. The PDF and sign failures are the system_fail toasts of doc 2 §8.
 */

const invoiceName = (row: EinvoiceListRow) => ({
  name: i18n.t('einvoice:list.invoiceName', { serial: serialText(row.invoice.serial), seq: row.invoice.seq }),
});

function pdfLogic({ loadPdf }: EinvoiceListActors) {
  return invoicePdfMachine.provide({
    actors: { loadPdf, printPdf: fromPromise<void, { row: EinvoiceListRow; pdf: Blob }>(({ input }) => printPdf(window, input.pdf)) },
    actions: {
      openPdfInTab: (_, p) => openPdfInTab(window, p.pdf),
      downloadPdf: (_, p) => downloadPdf(p.pdf, pdfFileName(p.row)),
      notifyPdfFailed: () => notify.failureText({ title: 'einvoice:list.pdf.failTitle', message: 'common:system_fail' }),
      notifyPrintFailed: () => notify.failureText({ title: 'einvoice:list.pdf.printFailTitle', message: 'common:system_fail' }),
    },
  });
}

function signLogic({ signInvoice }: EinvoiceListActors) {
  return invoiceSignMachine.provide({
    actors: { signInvoice },
    actions: {
      notifySigned: (_, p) =>
        notify.success({ title: 'einvoice:list.sign.successTitle', message: 'einvoice:list.sign.successBody', values: invoiceName(p.row) }),
      notifySignFailed: () => notify.failureText({ title: 'einvoice:list.sign.failTitle', message: 'common:system_fail' }),
    },
  });
}

function correctLogic({ correctInvoice }: EinvoiceListActors) {
  return invoiceCorrectMachine.provide({
    actors: { correctInvoice },
    actions: {
      notifyCorrected: (_, p) =>
        notify.success({
          title: 'einvoice:list.correct.successTitle',
          message: 'einvoice:list.invoiceName',
          values: { serial: serialText(p.result.serial ?? ''), seq: parseEivCode(p.result.eivCode)?.seq ?? '' },
        }),
    },
  });
}

/**
 * `?correct=1C26TMV-12` (einvoicePaths.correct) or `?correct=<lookup code>` (correctByCode): once that invoice's row is on the page and may be
 * corrected, its dialog opens, once per visit; a row that may not (not issued, already replaced)
 * leaves the list as it is, its status saying why.
 */
function useOpenCorrection(actor: ReturnType<typeof useActorRef<typeof einvoiceListMachine>>, wanted: string | null) {
  const [target] = useState(wanted);
  useEffect(() => {
    if (!target) return;
    let done = false;
    const check = () => {
      if (done) return;
      const rows = (actor.getSnapshot().context as { rows?: EinvoiceListRow[] }).rows ?? [];
      const wantedKey = target.toUpperCase();
      // `1C26TMV-12` (einvoicePaths.correct) or the lookup code (correctByCode).
      const row = rows.find(
        (r) => `${r.invoice.serial}-${r.invoice.seq}`.toUpperCase() === wantedKey || r.invoice.searchCode.toUpperCase() === wantedKey,
      );
      if (!row) return;
      done = true;
      if (row.correctable) actor.send({ type: 'CORRECT.OPEN', row, key: crypto.randomUUID() });
    };
    const subscription = actor.subscribe(check);
    check();
    return () => subscription.unsubscribe();
  }, [actor, target]);
}

function ListPage() {
  const [params] = useSearchParams();
  // "Today" for the range rules and presets: fixed for the page's life, like the reports.
  const [nowMs] = useState(() => Date.now());
  const { config } = useRuntime();
  const actors = useAreaActors(einvoiceListActorsOf);
  const logic = useMemo(
    () =>
      einvoiceListMachine.provide({
        actors: {
          loadPage: actors.loadPage,
          invoicePdf: pdfLogic(actors),
          invoiceSign: signLogic(actors),
          invoiceCorrect: correctLogic(actors),
        },
      }),
    [actors],
  );
  const actor = useListPage(logic, einvoiceUrl(nowMs), {
    input: (query) => ({ query, today: vnToday(nowMs), vatRates: config.vatRates }),
  });

  useOpenCorrection(actor, params.get('correct'));

  return <EinvoiceListScreen actor={actor} settingHref={einvoicePaths.setting()} nowMs={nowMs} />;
}

export default function EinvoiceListRoute() {
  return (
    <Routes>
      <Route index element={<ListPage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
