import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { Route, Routes } from 'react-router-dom';
import { auditExportMachine } from '../../machines/audit/auditExport.machine';
import { auditListMachine } from '../../machines/audit/auditList.machine';
import { auditUrl } from '../../machines/audit/rules/auditUrl';
import { AuditListScreen } from '../../screens/audit/AuditListScreen';
import { NotFound } from '../../screens/shared/NotFound';
import { useAreaActors, useRuntime } from '../shared/composition';
import { notify } from '../shared/notify';
import { useListPage } from '../shared/use-list-page';
import { useStoreOptions } from '../shared/use-store-options';
import { auditActorsOf } from './actors';

/**
 * /audit-log (D300): the list machine on the address bar and the export machine, wired to the portal
 * service's audit calls. Owner only: the area is declared `ownerOnly`, so the shell shows staff-type
 * users its note instead (D88) and nothing here starts.
 */
function AuditListPage() {
  const { inspect } = useRuntime();
  const a = useAreaActors(auditActorsOf);
  const logic = useMemo(() => auditListMachine.provide({ actors: { loadPage: a.loadAuditPage, loadUsers: a.loadAuditUsers } }), [a]);
  const actor = useListPage(logic, auditUrl);
  const exportLogic = useMemo(
    () =>
      auditExportMachine.provide({
        actors: { exportAudit: a.exportAudit },
        actions: {
          notifyExportSucceeded: (_, p) =>
            notify.success({ title: 'audit:export.successTitle', message: 'audit:export.successBody', values: { filename: p.filename } }),
          notifyExportFailed: (_, p) => notify.failure('audit:export.failTitle', p.code),
        },
      }),
    [a],
  );
  const exporter = useActorRef(exportLogic, { inspect });
  const { stores, loading } = useStoreOptions();
  return <AuditListScreen actor={actor} exporter={exporter} stores={stores} storesLoading={loading} />;
}

export default function AuditRoute() {
  return (
    <Routes>
      <Route index element={<AuditListPage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
