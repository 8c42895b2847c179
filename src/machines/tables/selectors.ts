import type { SnapshotFrom } from 'xstate';
import { tableQrText } from '../../rules/tables/table';
import type { tableGridMachine } from './tableGrid.machine';

/** What the table grid screen reads; it never compares state values itself. */
type Snapshot = SnapshotFrom<typeof tableGridMachine>;

export const selectTables = (s: Snapshot) => s.context.tables;
export const selectGridLoading = (s: Snapshot) => s.hasTag('loading');
export const selectGridFailed = (s: Snapshot) => s.matches({ grid: 'failed' });
export const selectLoadError = (s: Snapshot) => s.context.loadError;
export const selectSearch = (s: Snapshot) => s.context.q;

/** The add-table card's form (D283); its message shows after the first submit. */
export const selectCreateForm = (s: Snapshot) => s.context.createForm;
export const selectCreating = (s: Snapshot) => s.hasTag('creating');
/** The name of the table just created while its notice shows (doc 2 §9: 3 s). */
export const selectCreatedNotice = (s: Snapshot) => (s.matches({ create: 'created' }) ? s.context.created : null);

export const selectEditing = (s: Snapshot) => s.context.editing;
export const selectEditOpen = (s: Snapshot) => !s.matches({ edit: 'closed' });
/** The rename popup's form (D283); its message shows after the first save. */
export const selectEditForm = (s: Snapshot) => s.context.editForm;
export const selectConfirmingRemove = (s: Snapshot) => s.matches({ edit: 'confirmingRemove' });
export const selectEditBusy = (s: Snapshot) => s.hasTag('saving') || s.hasTag('removing');
export const selectRenaming = (s: Snapshot) => s.hasTag('saving');
export const selectRemoving = (s: Snapshot) => s.hasTag('removing');

export const selectQrTable = (s: Snapshot) => (s.matches({ qr: 'closed' }) ? null : s.context.qrTable);
export const selectQrLoading = (s: Snapshot) => s.hasTag('qrLoading');
export const selectQrExporting = (s: Snapshot) => s.hasTag('exporting');
/** The QR's text once the website is known: {website}order/{table_id}[/{order_id}]. */
export const selectQrText = (s: Snapshot) => {
  const table = s.context.qrTable;
  if (!table || s.matches({ qr: 'closed' }) || s.matches({ qr: 'loadingWebsite' })) return null;
  return tableQrText(s.context.website, table.table_id, table.order_id);
};

export const selectOpening = (s: Snapshot) => s.context.opening;
