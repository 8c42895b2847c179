import { memo, useEffect, useMemo, useState } from 'react';
import { Box, NavLink, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import { groupOfPath, matchesPath, type MenuEntry } from './menu';
import classes from './Shell.module.css';

export interface Salesperson {
  name: string;
  phone: string;
}

export interface SidebarProps {
  entries: MenuEntry[];
  /** Narrow (112 px) mode: icons only, names kept for assistive technology and as tooltips. */
  collapsed: boolean;
  /** Asked for when a sub-menu is opened while collapsed: its items need the wide sidebar. */
  onExpand?: () => void;
  /** Called after a link is followed (the mobile drawer closes then). */
  onNavigate?: () => void;
  onLogout: () => void;
  salesperson: Salesperson | null;
}

// Icon-only rows: the (visually hidden) label must not take the row's width, or icons sit left.
const COLLAPSED_STYLES = {
  root: { justifyContent: 'center' },
  body: { flex: '0 0 auto' },
  section: { marginInlineEnd: 0 },
} as const;

/** A sub-menu: its button, and its items while open (only in the wide sidebar). */
function SidebarGroup({
  entry,
  collapsed,
  opened,
  activePath,
  onOpen,
  onExpand,
  onNavigate,
}: {
  entry: Extract<MenuEntry, { kind: 'group' }>;
  collapsed: boolean;
  opened: boolean;
  activePath: string | null;
  onOpen: (open: boolean) => void;
  onExpand?: (() => void) | undefined;
  onNavigate?: (() => void) | undefined;
}) {
  const { t } = useTranslation('shell');
  const text = t(entry.labelKey);
  const childrenId = `submenu-${entry.key}`;
  const groupActive = entry.children.some((c) => c.path === activePath);
  return (
    <li>
      <NavLink
        component="button"
        type="button"
        aria-expanded={opened}
        aria-controls={opened ? childrenId : undefined}
        opened={opened}
        active={collapsed && groupActive}
        title={collapsed ? text : undefined}
        onChange={onOpen}
        onClick={
          collapsed
            ? () => {
                onExpand?.();
                onOpen(true);
              }
            : undefined
        }
        leftSection={<Icon name={entry.icon} />}
        label={collapsed ? <VisuallyHidden>{text}</VisuallyHidden> : text}
        rightSection={collapsed ? null : undefined}
        className={classes.navLink}
        styles={collapsed ? COLLAPSED_STYLES : undefined}
      >
        {collapsed ? null : (
          <Box component="ul" id={childrenId} className={classes.menuList}>
            {entry.children.map((child) => {
              const active = activePath === child.path;
              return (
                <li key={child.key}>
                  <NavLink
                    component={Link}
                    to={child.path}
                    onClick={onNavigate}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    label={t(child.labelKey)}
                    className={classes.navLink}
                  />
                </li>
              );
            })}
          </Box>
        )}
      </NavLink>
    </li>
  );
}

/** The merchant's salesperson, with a number to call. */
function SalespersonCard({ salesperson }: { salesperson: Salesperson }) {
  const { t } = useTranslation('shell');
  return (
    <Box className={classes.salesperson} data-testid="salesperson">
      <Text size="xs" c="gray.7">
        {t('nav.salesperson')}
      </Text>
      <Text size="sm" fw={600}>
        {salesperson.name}
      </Text>
      <Text size="sm">
        <a href={`tel:${salesperson.phone.replace(/[^\d+]/g, '')}`} className={classes.plainLink}>
          {t('nav.salespersonPhone', { phone: salesperson.phone })}
        </a>
      </Text>
    </Box>
  );
}

export function Sidebar(props: SidebarProps) {
  // Only the path matters here: a list's filters change the query string at every page change, and
  // redrawing the whole menu for that showed in the report page change (D145).
  const { pathname } = useLocation();
  return <SidebarMenu {...props} pathname={pathname} />;
}

const SidebarMenu = memo(function SidebarMenu({
  entries,
  collapsed,
  onExpand,
  onNavigate,
  onLogout,
  salesperson,
  pathname,
}: SidebarProps & { pathname: string }) {
  const { t } = useTranslation('shell');

  // The longest matching path wins, so /master-merchant/new does not also light /master-merchant.
  const activePath = useMemo(() => {
    let best: string | null = null;
    for (const entry of entries) {
      const leaves = entry.kind === 'group' ? entry.children : [entry];
      for (const leaf of leaves) {
        if (matchesPath(leaf.path, pathname) && (!best || leaf.path.length > best.length)) best = leaf.path;
      }
    }
    return best;
  }, [entries, pathname]);

  // Only one sub-menu is open at a time (core §2); the one holding the current page starts open.
  const [openGroup, setOpenGroup] = useState<string | null>(() => groupOfPath(entries, pathname));
  useEffect(() => {
    const group = groupOfPath(entries, pathname);
    if (group) setOpenGroup(group);
  }, [entries, pathname]);

  const label = (key: string) => t(key);

  return (
    <Stack gap={0} h="100%" justify="space-between" className={classes.sidebar} data-collapsed={collapsed || undefined}>
      <Box component="ul" className={classes.menuList}>
        {entries.map((entry) => {
          const text = label(entry.labelKey);
          if (entry.kind === 'leaf') {
            const active = activePath === entry.path;
            return (
              <li key={entry.key}>
                <NavLink
                  component={Link}
                  to={entry.path}
                  onClick={onNavigate}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  title={collapsed ? text : undefined}
                  leftSection={entry.icon ? <Icon name={entry.icon} /> : undefined}
                  label={collapsed ? <VisuallyHidden>{text}</VisuallyHidden> : text}
                  className={classes.navLink}
                  styles={collapsed ? COLLAPSED_STYLES : undefined}
                />
              </li>
            );
          }
          return (
            <SidebarGroup
              key={entry.key}
              entry={entry}
              collapsed={collapsed}
              opened={!collapsed && openGroup === entry.key}
              activePath={activePath}
              onOpen={(next) => setOpenGroup(next ? entry.key : null)}
              onExpand={onExpand}
              onNavigate={onNavigate}
            />
          );
        })}
        <li>
          <UnstyledButton
            onClick={onLogout}
            className={classes.logout}
            title={collapsed ? t('nav.logout') : undefined}
            data-testid="sidebar-logout"
          >
            <Icon name="logout" />
            {collapsed ? <VisuallyHidden>{t('nav.logout')}</VisuallyHidden> : <span>{t('nav.logout')}</span>}
          </UnstyledButton>
        </li>
      </Box>
      {salesperson && !collapsed ? <SalespersonCard salesperson={salesperson} /> : null}
    </Stack>
  );
});
