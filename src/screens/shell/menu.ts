import { isAreaAllowed, isAreaEnabled, type AreaEntry, type AreaFeatures, type SectionKey } from './areas';

/** The sidebar built from the areas' own entries, grouped into the sections of core §2. */

export type IconName =
  'overview' | 'reports' | 'shopQr' | 'payByLink' | 'edc' | 'sales' | 'einvoice' | 'feedback' | 'business' | 'masterMerchant' | 'logout';

export interface MenuLeaf {
  kind: 'leaf';
  key: string;
  labelKey: string;
  path: string;
  icon?: IconName;
}

export interface MenuGroup {
  kind: 'group';
  key: string;
  labelKey: string;
  icon: IconName;
  children: MenuLeaf[];
}

export type MenuEntry = MenuLeaf | MenuGroup;

interface SectionDef {
  key: SectionKey;
  labelKey: string;
  icon: IconName;
}

/** The sections in the order of core §2; each area places its entries in one (AreaEntry.menu). */
const SECTIONS: SectionDef[] = [
  { key: 'overview', labelKey: 'nav.overview', icon: 'overview' },
  { key: 'reports', labelKey: 'nav.reports', icon: 'reports' },
  { key: 'shopQr', labelKey: 'nav.shopQr', icon: 'shopQr' },
  { key: 'payByLink', labelKey: 'nav.payByLink', icon: 'payByLink' },
  { key: 'edc', labelKey: 'nav.edc', icon: 'edc' },
  { key: 'sales', labelKey: 'nav.sales', icon: 'sales' },
  { key: 'einvoice', labelKey: 'nav.einvoice', icon: 'einvoice' },
  { key: 'feedback', labelKey: 'nav.feedback', icon: 'feedback' },
  { key: 'businessInfo', labelKey: 'nav.businessInfo', icon: 'business' },
  { key: 'masterMerchant', labelKey: 'nav.masterMerchant', icon: 'masterMerchant' },
];

export interface MenuContext {
  /** Every area entry (the app collects them from the areas' declarations). */
  areas: readonly AreaEntry[];
  features: AreaFeatures;
  isFnb: boolean;
  /** 'business' or anything else (personal wording). */
  accountType: string | undefined;
  /** The signed-in user is the owner (isOwner of the profile's role, D87); staff-type users lose the owner-only entries. */
  owner: boolean;
}

export function buildMenu({ areas, features, isFnb, accountType, owner }: MenuContext): MenuEntry[] {
  const wording = accountType === 'business' ? 'business' : 'personal';
  const withWording = (key: string) => (key === 'nav.profile' || key === 'nav.businessInfo' ? `${key}.${wording}` : key);
  const entries: MenuEntry[] = [];
  for (const section of SECTIONS) {
    const declared = areas.filter((area) => area.menu?.section === section.key).sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0));
    const leaves: MenuLeaf[] = [];
    for (const area of declared) {
      if (!isAreaEnabled(area, features, isFnb) || !isAreaAllowed(area, owner)) continue;
      leaves.push({ kind: 'leaf', key: area.path, labelKey: withWording(area.labelKey), path: `/${area.path}` });
    }
    if (leaves.length === 0) continue;
    // A section of one declared entry is a plain link; several make a sub-menu.
    if (declared.length === 1 && leaves[0]) {
      entries.push({ ...leaves[0], key: section.key, labelKey: withWording(section.labelKey), icon: section.icon });
    } else {
      entries.push({
        kind: 'group',
        key: section.key,
        labelKey: withWording(section.labelKey),
        icon: section.icon,
        children: leaves,
      });
    }
  }
  return entries;
}

/** The group whose sub-menu holds the page being shown, so it starts open. */
export function groupOfPath(entries: MenuEntry[], pathname: string): string | null {
  for (const entry of entries) {
    if (entry.kind === 'group' && entry.children.some((c) => matchesPath(c.path, pathname))) return entry.key;
  }
  return null;
}

export function matchesPath(itemPath: string, pathname: string): boolean {
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
