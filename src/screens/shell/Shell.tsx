import { memo, useMemo, useState, type ReactNode } from 'react';
import { AppShell, Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { MAIN_CONTENT_ID, SkipLink } from '../shared/SkipLink';
import type { AreaEntry, AreaFeatures } from './areas';
import { buildMenu } from './menu';
import { Sidebar, type Salesperson } from './Sidebar';
import { DRAWER_ID, SIDEBAR_ID, TopBar, type Language } from './TopBar';
import classes from './Shell.module.css';

export const SIDEBAR_WIDTH = 250;
export const SIDEBAR_COLLAPSED_WIDTH = 112;
/** Mobile below 768 px (core §9) = Mantine's `sm` (48em). */
const DESKTOP_QUERY = '(min-width: 48em)';

export interface ShellProfile {
  merchantName: string;
  accountType: string | undefined;
  isFnb: boolean;
  /** Role Customer (D87); false for a staff-type user. */
  owner: boolean;
  salesperson: Salesperson | null;
}

export interface ShellProps {
  /** Every area's entries; the sidebar shows those the flags and the merchant allow. */
  areas: readonly AreaEntry[];
  features: AreaFeatures;
  profile: ShellProfile | null;
  /**
   * The profile is still on its way: the menu lacks the entries it decides (owner-only, F&B), so the
   * navigation says it is busy until they are in (a click on a half-built menu can miss its entry).
   */
  profilePending?: boolean;
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
  language: Language;
  onLanguageChange: (language: Language) => void;
  onLogout: () => void;
  /** Passed to the top bar (bell, mute, connection dot). */
  topBarSlot?: ReactNode;
  children: ReactNode;
}

export const Shell = memo(function Shell(props: ShellProps) {
  const { t } = useTranslation('shell');
  // Assume desktop on the first paint: the drawer then never flashes open on wide screens.
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const [drawerOpened, setDrawerOpened] = useState(false);
  const isFnb = props.profile?.isFnb ?? false;
  const accountType = props.profile?.accountType;
  const owner = props.profile?.owner ?? false;
  const entries = useMemo(
    () => buildMenu({ areas: props.areas, features: props.features, isFnb, accountType, owner }),
    [props.areas, props.features, isFnb, accountType, owner],
  );
  const salesperson = props.profile?.salesperson ?? null;
  const logout = () => {
    setDrawerOpened(false);
    props.onLogout();
  };

  return (
    <>
      <SkipLink />
      <AppShell
        header={{ height: 60 }}
        navbar={{
          width: props.collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH,
          breakpoint: 'sm',
          collapsed: { mobile: true },
        }}
        padding="md"
      >
        <AppShell.Header>
          <TopBar
            mobile={!desktop}
            drawerOpened={drawerOpened}
            onToggleDrawer={() => setDrawerOpened((o) => !o)}
            sidebarCollapsed={props.collapsed}
            onToggleSidebar={() => props.onCollapsedChange(!props.collapsed)}
            merchantName={props.profile?.merchantName ?? ''}
            accountType={props.profile?.accountType}
            language={props.language}
            onLanguageChange={props.onLanguageChange}
            onLogout={logout}
            realtimeSlot={props.topBarSlot}
          />
        </AppShell.Header>
        {desktop ? (
          <AppShell.Navbar id={SIDEBAR_ID} aria-label={t('nav.label')} aria-busy={props.profilePending || undefined} p="xs">
            <Sidebar
              entries={entries}
              collapsed={props.collapsed}
              onExpand={() => props.onCollapsedChange(false)}
              onLogout={logout}
              salesperson={salesperson}
            />
          </AppShell.Navbar>
        ) : null}
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
          {props.children}
        </AppShell.Main>
      </AppShell>
      {!desktop ? (
        <Drawer
          id={DRAWER_ID}
          opened={drawerOpened}
          onClose={() => setDrawerOpened(false)}
          size={SIDEBAR_WIDTH + 30}
          title={t('nav.label')}
          closeButtonProps={{ 'aria-label': t('nav.closeDrawer') }}
          padding="xs"
        >
          <nav aria-label={t('nav.label')} aria-busy={props.profilePending || undefined}>
            <Sidebar
              entries={entries}
              collapsed={false}
              onNavigate={() => setDrawerOpened(false)}
              onLogout={logout}
              salesperson={salesperson}
            />
          </nav>
        </Drawer>
      ) : null}
    </>
  );
});
