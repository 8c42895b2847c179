import { AREAS, isAreaEnabled, type AreaFeatures } from './areas';

/** The sidebar's sections in the order of core §2; leaves point at AREAS paths. */

export type IconName =
  | 'overview'
  | 'reports'
  | 'shopQr'
  | 'payByLink'
  | 'edc'
  | 'sales'
  | 'einvoice'
  | 'feedback'
  | 'business'
  | 'masterMerchant'
  | 'logout';

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
  key: string;
  labelKey: string;
  icon: IconName;
  /** One path: a plain link. Several: a sub-menu. */
  paths: string[];
}

const SECTIONS: SectionDef[] = [
  { key: 'overview', labelKey: 'nav.overview', icon: 'overview', paths: ['dashboard'] },
  { key: 'reports', labelKey: 'nav.reports', icon: 'reports', paths: ['tx-card', 'tx-va'] },
  { key: 'shopQr', labelKey: 'nav.shopQr', icon: 'shopQr', paths: ['bank', 'payment'] },
  { key: 'payByLink', labelKey: 'nav.payByLink', icon: 'payByLink', paths: ['pay-by-link'] },
  { key: 'edc', labelKey: 'nav.edc', icon: 'edc', paths: ['edc'] },
  {
    key: 'sales',
    labelKey: 'nav.sales',
    icon: 'sales',
    paths: ['sale-order', 'sale-product', 'sale-customer', 'category', 'sale-table', 'sale-setting', 'sale-invoice'],
  },
  { key: 'einvoice', labelKey: 'nav.einvoice', icon: 'einvoice', paths: ['e-invoice', 'e-inv-setting'] },
  { key: 'feedback', labelKey: 'nav.feedback', icon: 'feedback', paths: ['feedback'] },
  { key: 'businessInfo', labelKey: 'nav.businessInfo', icon: 'business', paths: ['profile', 'store', 'staff'] },
  {
    key: 'masterMerchant',
    labelKey: 'nav.masterMerchant',
    icon: 'masterMerchant',
    paths: ['master-merchant', 'master-merchant/new'],
  },
];

export interface MenuContext {
  features: AreaFeatures;
  isFnb: boolean;
  /** 'business' or anything else (personal wording). */
  accountType: string | undefined;
}

export function buildMenu({ features, isFnb, accountType }: MenuContext): MenuEntry[] {
  const wording = accountType === 'business' ? 'business' : 'personal';
  const withWording = (key: string) =>
    key === 'nav.profile' || key === 'nav.businessInfo' ? `${key}.${wording}` : key;
  const entries: MenuEntry[] = [];
  for (const section of SECTIONS) {
    const leaves: MenuLeaf[] = [];
    for (const path of section.paths) {
      const area = AREAS.find((a) => a.path === path);
      if (!area || !isAreaEnabled(area, features, isFnb)) continue;
      leaves.push({ kind: 'leaf', key: path, labelKey: withWording(area.labelKey), path: `/${path}` });
    }
    if (leaves.length === 0) continue;
    if (section.paths.length === 1 && leaves[0]) {
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
