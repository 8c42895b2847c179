/**
 * What the shell knows of an area: where it lives, which deployment flag gates it (core §1, §6) and
 * where the sidebar shows it. The areas declare their entries themselves (`src/app/<area>/area.ts`);
 * the app hands them to the shell, and the router reads the same entries, so a flag that hides a
 * menu entry also makes its address answer "not found".
 */

export type AreaFlag = 'overview' | 'report' | 'payment' | 'payByLink' | 'edc' | 'ecom' | 'feedback' | 'einvoice' | 'masterMerchant';

export type AreaFeatures = Record<AreaFlag, boolean> & { feedbackComingSoon: boolean };

/** The sidebar's sections (core §2); `src/screens/shell/menu.ts` gives their order and icons. */
export type SectionKey =
  'overview' | 'reports' | 'shopQr' | 'payByLink' | 'edc' | 'sales' | 'einvoice' | 'feedback' | 'businessInfo' | 'masterMerchant';

export interface AreaEntry {
  /** Route path under the basename, without a leading slash. */
  path: string;
  /** Key in the shell namespace. */
  labelKey: string;
  /** null: always available to a signed-in user. */
  flag: AreaFlag | null;
  /** Only for food-and-beverage merchants (core §6). */
  fnbOnly?: boolean;
  /** Only for the owner (role Customer, D87): a staff-type user has it neither in the menu nor at its address. */
  ownerOnly?: boolean;
  /** The area has sub-pages (add, update, detail…) that belong to it. */
  nested?: boolean;
  /** The sidebar section that lists it, and its place there; absent: reachable but not in the menu. */
  menu?: { section: SectionKey; order: number };
}

export function isAreaEnabled(area: AreaEntry, features: AreaFeatures, isFnb: boolean): boolean {
  if (area.flag !== null && !features[area.flag]) return false;
  if (area.fnbOnly && !isFnb) return false;
  return true;
}

/** D87: an owner-only entry is for the owner; a role not known yet counts as staff-type, so nothing flashes in. */
export function isAreaAllowed(area: AreaEntry, owner: boolean): boolean {
  return !area.ownerOnly || owner;
}

/** Keys that differ between business and personal accounts (core §1). */
export function accountWording(accountType: string | undefined): 'business' | 'personal' {
  return accountType === 'business' ? 'business' : 'personal';
}

/** Label key for an area, with business/personal wording where the wording differs. */
export function areaLabelKey(area: AreaEntry, accountType: string | undefined): string {
  return area.labelKey === 'nav.profile' ? `nav.profile.${accountWording(accountType)}` : area.labelKey;
}
