import { ActionIcon, Anchor, Avatar, Burger, Menu, Popover, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import { accountWording } from './areas';
import classes from './Shell.module.css';
import { profilePaths } from '../../app/profile/paths';

export type Language = 'vi' | 'en';

export interface TopBarProps {
  mobile: boolean;
  drawerOpened: boolean;
  onToggleDrawer: () => void;
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
  merchantName: string;
  accountType: string | undefined;
  language: Language;
  onLanguageChange: (language: Language) => void;
  onLogout: () => void;
  /** The bell, announcement mute and connection dot (src/app wires them); a plain bell without. */
  realtimeSlot?: ReactNode;
}

export const SIDEBAR_ID = 'portal-sidebar';
export const DRAWER_ID = 'portal-drawer';

/** The language switch: the current language's short name, the two languages to choose from. */
function LanguageMenu({
  language,
  onLanguageChange,
}: {
  language: TopBarProps['language'];
  onLanguageChange: TopBarProps['onLanguageChange'];
}) {
  const { t } = useTranslation('shell');
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <UnstyledButton
          className={classes.userButton}
          aria-label={`${t('topbar.language')}: ${language === 'vi' ? t('topbar.languageVi') : t('topbar.languageEn')}`}
          data-testid="language-switch"
        >
          <Text size="sm" fw={600}>
            {language === 'vi' ? t('topbar.languageVi') : t('topbar.languageEn')}
          </Text>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item lang="vi" onClick={() => onLanguageChange('vi')} aria-current={language === 'vi' || undefined}>
          {t('topbar.languageViFull')} (VIE)
        </Menu.Item>
        <Menu.Item lang="en" onClick={() => onLanguageChange('en')} aria-current={language === 'en' || undefined}>
          {t('topbar.languageEnFull')} (ENG)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function TopBar(props: TopBarProps) {
  const { t } = useTranslation('shell');
  const wording = accountWording(props.accountType);
  const initials = props.merchantName.trim().slice(0, 1).toUpperCase() || '?';

  return (
    <div className={classes.header}>
      {props.mobile ? (
        <Burger
          opened={props.drawerOpened}
          onClick={props.onToggleDrawer}
          aria-label={props.drawerOpened ? t('nav.closeDrawer') : t('nav.openDrawer')}
          aria-expanded={props.drawerOpened}
          aria-controls={DRAWER_ID}
          size="sm"
        />
      ) : (
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size="lg"
          onClick={props.onToggleSidebar}
          aria-label={props.sidebarCollapsed ? t('nav.expand') : t('nav.collapse')}
          aria-expanded={!props.sidebarCollapsed}
          aria-controls={SIDEBAR_ID}
        >
          <Icon name={props.sidebarCollapsed ? 'chevronRight' : 'chevronLeft'} />
        </ActionIcon>
      )}

      {wording === 'business' ? (
        <Anchor component={Link} to={profilePaths.profile()} c="blue.8" fw={600} className={classes.hideMobile}>
          {t('topbar.businessBanner')}
        </Anchor>
      ) : null}

      <div className={classes.headerSpacer} />

      {props.realtimeSlot ?? (
        <Popover position="bottom-end" width={280} shadow="md" withArrow>
          <Popover.Target>
            <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label={t('topbar.notifications')}>
              <Icon name="bell" />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Text size="sm">{t('topbar.notificationsLater')}</Text>
          </Popover.Dropdown>
        </Popover>
      )}

      <LanguageMenu language={props.language} onLanguageChange={props.onLanguageChange} />

      <Menu position="bottom-end" shadow="md">
        <Menu.Target>
          <UnstyledButton className={classes.userButton} data-testid="user-menu">
            <Avatar color="blue" radius="xl" size="sm" aria-hidden="true">
              {initials}
            </Avatar>
            {/* A long merchant name ends in an ellipsis; the tooltip holds the whole of it (D222). */}
            <span className={`${classes.userName} ${classes.hideMobile}`} title={props.merchantName}>
              <Text component="span" size="sm" fw={600}>
                {props.merchantName}
              </Text>
            </span>
            <Text component="span" size="xs" c="gray.8" className={`${classes.accountType} ${classes.hideMobile}`}>
              {t(`topbar.accountType.${wording}`)}
            </Text>
            <VisuallyHidden>{t('topbar.userMenu')}</VisuallyHidden>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={profilePaths.profile()}>
            {t(`nav.profile.${wording}`)}
          </Menu.Item>
          <Menu.Item color="red.9" onClick={props.onLogout}>
            {t('nav.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}
