import type { AnyStateMachine } from 'xstate';
import { bankAddMachine } from '../machines/bank/bankAdd.machine';
import { bankListMachine } from '../machines/bank/bankList.machine';
import { bankVerifyMachine } from '../machines/bank/bankVerify.machine';
import { connectionCheckMachine } from '../machines/edc/connectionCheck.machine';
import { dashboardMachine } from '../machines/dashboard/dashboard.machine';
import { edcIntegrateMachine } from '../machines/edc/edcIntegrate.machine';
import { edcListMachine } from '../machines/edc/edcList.machine';
import { exportMachine } from '../machines/reports/export.machine';
import { forgotPasswordMachine } from '../machines/auth/forgotPassword.machine';
import { loginMachine } from '../machines/auth/login.machine';
import { notificationClickMachine } from '../machines/notifications/notificationClick.machine';
import { notificationListMachine } from '../machines/notifications/notificationList.machine';
import { realtimeConnectionMachine } from '../machines/notifications/realtimeConnection.machine';
import { announcementQueueMachine } from '../machines/notifications/announcementQueue.machine';
import { reportListMachine } from '../machines/reports/reportList.machine';
import { resetPasswordMachine } from '../machines/auth/resetPassword.machine';
import { sessionMachine } from '../machines/session/session.machine';
import { shopQrAddMachine } from '../machines/shopqr/shopQrAdd.machine';
import { shopQrListMachine } from '../machines/shopqr/shopQrList.machine';
import { soundboxActivationMachine } from '../machines/edc/soundboxActivation.machine';

/**
 * Every machine in src/machines, for the inspector and the docs diagrams. Texts live in the
 * `inspector` i18n namespace under `machines.<id>` (title, spec, description) in vi and en.
 * catalogue.test.ts fails when a *.machine.ts file has no entry here, or an entry has no texts.
 *
 * To add a machine: import it, add `{ file, machine }` below, add `machines.<id>` to
 * src/i18n/{vi,en}/inspector.json.
 */

export interface CatalogueEntry {
  /** The machine's id (`machine.id`): the key of its texts and of its coverage report entry. */
  id: string;
  /** File name under src/machines/. */
  file: string;
  machine: AnyStateMachine;
}

const entry = (file: string, machine: AnyStateMachine): CatalogueEntry => ({ id: machine.id, file, machine });

export const MACHINE_CATALOGUE: readonly CatalogueEntry[] = [
  entry('session/session.machine.ts', sessionMachine),
  entry('auth/login.machine.ts', loginMachine),
  entry('auth/forgotPassword.machine.ts', forgotPasswordMachine),
  entry('auth/resetPassword.machine.ts', resetPasswordMachine),
  entry('reports/reportList.machine.ts', reportListMachine),
  entry('reports/export.machine.ts', exportMachine),
  entry('dashboard/dashboard.machine.ts', dashboardMachine),
  entry('notifications/realtimeConnection.machine.ts', realtimeConnectionMachine),
  entry('notifications/announcementQueue.machine.ts', announcementQueueMachine),
  entry('notifications/notificationClick.machine.ts', notificationClickMachine),
  entry('notifications/notificationList.machine.ts', notificationListMachine),
  entry('shopqr/shopQrList.machine.ts', shopQrListMachine),
  entry('shopqr/shopQrAdd.machine.ts', shopQrAddMachine),
  entry('bank/bankList.machine.ts', bankListMachine),
  entry('bank/bankAdd.machine.ts', bankAddMachine),
  entry('bank/bankVerify.machine.ts', bankVerifyMachine),
  entry('edc/edcList.machine.ts', edcListMachine),
  entry('edc/connectionCheck.machine.ts', connectionCheckMachine),
  entry('edc/soundboxActivation.machine.ts', soundboxActivationMachine),
  entry('edc/edcIntegrate.machine.ts', edcIntegrateMachine),
];

export function catalogueEntry(id: string): CatalogueEntry | undefined {
  return MACHINE_CATALOGUE.find((candidate) => candidate.id === id);
}

/** i18n keys of an entry's texts (namespace `inspector`). */
export const catalogueKeys = (id: string) => ({
  title: `inspector:machines.${id}.title`,
  spec: `inspector:machines.${id}.spec`,
  description: `inspector:machines.${id}.description`,
});
