import type { AreaEntry } from '../../screens/shell/areas';
import type { PageComponent } from './lazy-page';

/**
 * One spec area's declaration (`src/app/<area>/area.ts`): everything the portal derives about the
 * area — the router's routes, the sidebar's entries, the pages outside the shell, and which of its
 * machines' context and event fields the inspector may show — comes from here. Adding an area means
 * adding its folders; no central list is edited. The machines it names must be the ones in its
 * folder `src/machines/<area>/` (the catalogue test checks both ways).
 */

/** An entry inside the shell: path, flag, `fnbOnly`, `ownerOnly` (D87: not for staff-type users), menu place (AreaEntry). */
export interface AreaRoute extends AreaEntry {
  /** The page (usually `lazyPage(() => import('./XRoute'))`); absent: the page says "not built yet". */
  route?: PageComponent;
}

export interface AreaPage {
  /** Path under the basename, no leading slash. */
  path: string;
  /** `auth`: the sign-in frame (logo, language); `plain`: no shell and no cookie banner. */
  frame: 'auth' | 'plain';
  component: PageComponent;
  /** A page that exists only with this runtime flag (the inspector). */
  requires?: 'inspector';
}

export interface AreaDeclaration {
  /** The folder's name: the same in every layer (src/machines/<name>, src/services/<name>, …). */
  name: string;
  /** Pages inside the shell, with their menu placement. */
  entries?: readonly AreaRoute[];
  /** Pages outside the shell (sign-in, the customer display, the inspector). */
  pages?: readonly AreaPage[];
  /** The area's machines (ids; each in src/machines/<area>/) and what the inspector may show of them. */
  inspector?: {
    machines: readonly string[];
    /**
     * Context and event field names these machines may show as they are (an allow-list: every other
     * field is masked before it leaves the tab). Never list a field that can hold a name, phone,
     * e-mail, tax code, account number, address, QR payload or secret.
     */
    fields: readonly string[];
  };
}

export function defineArea<const T extends AreaDeclaration>(declaration: T): T {
  return declaration;
}
