import { useState } from 'react';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultConfig } from '../../config';
import { renderScreen } from '../../screens/shared/test/render';
import type { AreaFeatures } from '../../screens/shell/areas';
import { buildMenu as buildShellMenu, type MenuContext, type MenuEntry } from '../../screens/shell/menu';
import { AREA_ROUTES } from '../areas';
import { Shell } from '../../screens/shell/Shell';
import { Sidebar } from '../../screens/shell/Sidebar';

afterEach(cleanup);

// The menu as the declared areas make it (src/app/<area>/area.ts).
const buildMenu = (context: Omit<MenuContext, 'areas' | 'owner'> & { owner?: boolean }) =>
  buildShellMenu({ areas: AREA_ROUTES, owner: true, ...context });

const defaults: AreaFeatures = defaultConfig.features;
const keys = (entries: MenuEntry[]) => entries.map((e) => e.key);
const childPaths = (entries: MenuEntry[], key: string) => {
  const entry = entries.find((e) => e.key === key);
  return entry?.kind === 'group' ? entry.children.map((c) => c.path) : [];
};

describe('the menu the declared areas make (core §1, §2, §6)', () => {
  it('lists the default sections in the order of core §2, e-invoice and master merchant off', () => {
    const menu = buildMenu({ features: defaults, isFnb: false, accountType: 'business' });
    expect(keys(menu)).toEqual(['overview', 'reports', 'shopQr', 'payByLink', 'edc', 'sales', 'feedback', 'businessInfo']);
    expect(childPaths(menu, 'reports')).toEqual(['/tx-card', '/tx-va']);
    expect(childPaths(menu, 'shopQr')).toEqual(['/bank', '/payment']);
    expect(childPaths(menu, 'businessInfo')).toEqual(['/profile', '/store', '/staff', '/audit-log', '/reconciliation']);
  });

  it('shows e-invoice and master merchant only when enabled', () => {
    const menu = buildMenu({ features: { ...defaults, einvoice: true, masterMerchant: true }, isFnb: false, accountType: undefined });
    expect(keys(menu)).toContain('einvoice');
    expect(childPaths(menu, 'einvoice')).toEqual(['/e-invoice', '/e-inv-setting']);
    expect(childPaths(menu, 'masterMerchant')).toEqual(['/master-merchant', '/master-merchant/new']);
  });

  it('removes each section whose flag is off', () => {
    const off = { overview: false, report: false, payment: false, payByLink: false, edc: false, ecom: false, feedback: false };
    const menu = buildMenu({ features: { ...defaults, ...off }, isFnb: true, accountType: 'business' });
    expect(keys(menu)).toEqual(['businessInfo']);
  });

  it('offers the table list only to food-and-beverage merchants', () => {
    const retail = buildMenu({ features: defaults, isFnb: false, accountType: 'personal' });
    const fnb = buildMenu({ features: defaults, isFnb: true, accountType: 'business' });
    expect(childPaths(retail, 'sales')).not.toContain('/sale-table');
    // Sales sign-up first (D171), card transaction rules last (D167).
    expect(childPaths(fnb, 'sales')).toEqual([
      '/sale-register',
      '/sale-order',
      '/shift',
      '/z-report',
      '/approvals',
      '/sale-product',
      '/sale-customer',
      '/category',
      '/sale-table',
      '/sale-setting',
      '/sale-invoice',
      '/attendance',
      '/setting-tx',
    ]);
  });

  it('D87: leaves the staff, store and master merchant entries out for a staff-type user, keeps the rest', () => {
    const features = { ...defaults, masterMerchant: true };
    const owner = buildMenu({ features, isFnb: true, accountType: 'business' });
    const staff = buildMenu({ features, isFnb: true, accountType: 'business', owner: false });
    expect(childPaths(owner, 'businessInfo')).toEqual(['/profile', '/store', '/staff', '/audit-log', '/reconciliation']);
    expect(childPaths(staff, 'businessInfo')).toEqual(['/profile']);
    expect(keys(staff)).not.toContain('masterMerchant');
    expect(keys(owner).filter((k) => k !== 'masterMerchant')).toEqual(keys(staff));
    expect(childPaths(staff, 'shopQr')).toEqual(['/bank', '/payment']);
  });

  it('uses business or personal wording', () => {
    const business = buildMenu({ features: defaults, isFnb: false, accountType: 'business' });
    const personal = buildMenu({ features: defaults, isFnb: false, accountType: 'other' });
    expect(business.find((e) => e.key === 'businessInfo')?.labelKey).toBe('nav.businessInfo.business');
    expect(personal.find((e) => e.key === 'businessInfo')?.labelKey).toBe('nav.businessInfo.personal');
  });
});

// Two full renders and clicks per test: seconds on a loaded 2-core machine.
describe('Sidebar', { timeout: 20_000 }, () => {
  async function renderSidebar(features: AreaFeatures, isFnb: boolean, path = '/dashboard') {
    const onLogout = vi.fn();
    await renderScreen(
      <nav aria-label="Main menu">
        <Sidebar
          entries={buildMenu({ features, isFnb, accountType: 'business' })}
          collapsed={false}
          onLogout={onLogout}
          salesperson={{ name: 'Trần Thu Hà', phone: '0987 654 321' }}
        />
      </nav>,
      { path },
    );
    return { onLogout, user: userEvent.setup(), nav: screen.getByRole('navigation', { name: 'Main menu' }) };
  }

  it('shows the Tables item for an F&B merchant and not for others', async () => {
    const { user, nav } = await renderSidebar(defaults, true);
    await user.click(within(nav).getByRole('button', { name: 'Sales management' }));
    expect(within(nav).getByRole('link', { name: 'Tables' })).toHaveAttribute('href', '/sale-table');
    cleanup();
    const retail = await renderSidebar(defaults, false);
    await retail.user.click(within(retail.nav).getByRole('button', { name: 'Sales management' }));
    expect(within(retail.nav).queryByRole('link', { name: 'Tables' })).toBeNull();
    expect(within(retail.nav).getByRole('link', { name: 'Orders' })).toBeInTheDocument();
  });

  it('keeps only one sub-menu open at a time', async () => {
    const { user, nav } = await renderSidebar(defaults, false);
    const reports = within(nav).getByRole('button', { name: 'Reports' });
    const shopQr = within(nav).getByRole('button', { name: 'ShopQR' });
    await user.click(reports);
    expect(reports).toHaveAttribute('aria-expanded', 'true');
    await user.click(shopQr);
    expect(shopQr).toHaveAttribute('aria-expanded', 'true');
    expect(reports).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the sub-menu of the current page and marks it current', async () => {
    const { nav } = await renderSidebar(defaults, false, '/tx-va');
    expect(within(nav).getByRole('button', { name: 'Reports' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'ShopQR (virtual account)' })).toHaveAttribute('aria-current', 'page');
  });

  it('hides flagged-off areas and shows the salesperson and logout', async () => {
    const { nav, onLogout, user } = await renderSidebar({ ...defaults, feedback: false, edc: false }, false);
    expect(within(nav).queryByRole('link', { name: 'Feedback' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'POS machines' })).toBeNull();
    expect(within(nav).getByText('Trần Thu Hà')).toBeInTheDocument();
    await user.click(within(nav).getByTestId('sidebar-logout'));
    expect(onLogout).toHaveBeenCalledOnce();
  });
});

describe('Shell while the profile is on its way', { timeout: 20_000 }, () => {
  // The profile arrives while the shell is already up, as after a sign-in (the session loads it).
  function Harness() {
    const [pending, setPending] = useState(true);
    return (
      <Shell
        areas={AREA_ROUTES}
        features={defaults}
        profile={pending ? null : { merchantName: 'Phở Cổ', accountType: 'business', isFnb: false, owner: true, salesperson: null }}
        profilePending={pending}
        collapsed={false}
        onCollapsedChange={() => undefined}
        language="en"
        onLanguageChange={() => undefined}
        onLogout={() => undefined}
      >
        <button type="button" onClick={() => setPending(false)}>
          profile arrives
        </button>
      </Shell>
    );
  }

  it('marks the navigation busy until the profile decides the owner-only entries, then lists them', async () => {
    await renderScreen(<Harness />);
    const user = userEvent.setup();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(nav).toHaveAttribute('aria-busy', 'true');
    await user.click(within(nav).getByRole('button', { name: 'Sales management' }));
    expect(within(nav).queryByRole('link', { name: 'Card transaction rules' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'profile arrives' }));
    expect(nav).not.toHaveAttribute('aria-busy');
    expect(within(nav).getByRole('link', { name: 'Card transaction rules' })).toBeInTheDocument();
  });
});
