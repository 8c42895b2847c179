import type { AnyStateMachine } from 'xstate';
import { bankAddMachine } from './bankAdd.machine';
import { bankListMachine } from './bankList.machine';
import { bankVerifyMachine } from './bankVerify.machine';
import { connectionCheckMachine } from './connectionCheck.machine';
import { dashboardMachine } from './dashboard.machine';
import { edcIntegrateMachine } from './edcIntegrate.machine';
import { edcListMachine } from './edcList.machine';
import { exportMachine } from './export.machine';
import { forgotPasswordMachine } from './forgotPassword.machine';
import { loginMachine } from './login.machine';
import { notificationClickMachine } from './notificationClick.machine';
import { notificationListMachine } from './notificationList.machine';
import { realtimeConnectionMachine } from './realtimeConnection.machine';
import { announcementQueueMachine } from './announcementQueue.machine';
import { reportListMachine } from './reportList.machine';
import { resetPasswordMachine } from './resetPassword.machine';
import { sessionMachine } from './session.machine';
import { shopQrAddMachine } from './shopQrAdd.machine';
import { shopQrListMachine } from './shopQrList.machine';
import { soundboxActivationMachine } from './soundboxActivation.machine';

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
  entry('session.machine.ts', sessionMachine),
  entry('login.machine.ts', loginMachine),
  entry('forgotPassword.machine.ts', forgotPasswordMachine),
  entry('resetPassword.machine.ts', resetPasswordMachine),
  entry('reportList.machine.ts', reportListMachine),
  entry('export.machine.ts', exportMachine),
  entry('dashboard.machine.ts', dashboardMachine),
  entry('realtimeConnection.machine.ts', realtimeConnectionMachine),
  entry('announcementQueue.machine.ts', announcementQueueMachine),
  entry('notificationClick.machine.ts', notificationClickMachine),
  entry('notificationList.machine.ts', notificationListMachine),
  entry('shopQrList.machine.ts', shopQrListMachine),
  entry('shopQrAdd.machine.ts', shopQrAddMachine),
  entry('bankList.machine.ts', bankListMachine),
  entry('bankAdd.machine.ts', bankAddMachine),
  entry('bankVerify.machine.ts', bankVerifyMachine),
  entry('edcList.machine.ts', edcListMachine),
  entry('connectionCheck.machine.ts', connectionCheckMachine),
  entry('soundboxActivation.machine.ts', soundboxActivationMachine),
  entry('edcIntegrate.machine.ts', edcIntegrateMachine),
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
