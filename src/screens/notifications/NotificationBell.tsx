import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  Tabs,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { notificationClickMachine } from '../../machines/notifications/notificationClick.machine';
import type { BellItem, BellTab, notificationListMachine } from '../../machines/notifications/notificationList.machine';
import { RealtimeIcon } from './icons';
import { relativeTime, relativeTimeText } from './relative-time';
import classes from './Notifications.module.css';
import { errorMessageKey } from '../../services/errors';

export interface NotificationBellProps {
  list: ActorRefFrom<typeof notificationListMachine>;
  click: ActorRefFrom<typeof notificationClickMachine>;
  now?: () => number;
}

const TABS: readonly BellTab[] = [0, 1, 2, 3, 4];
type UnseenKey = '0' | '1' | '2' | '3' | '4';

/** The five tabs (the fifth, approvals asked, D310), each with its unseen count. */
function BellTabList({ unseen }: { unseen: Record<UnseenKey, number> }) {
  const { t } = useTranslation('notifications');
  return (
    <Tabs.List aria-label={t('bell.tabs')} grow>
      {TABS.map((type) => (
        <Tabs.Tab key={type} value={String(type)} data-testid={`bell-tab-${type}`}>
          <Group gap={4} wrap="nowrap">
            <span>{t(`bell.type.${type}`)}</span>
            {unseen[String(type) as UnseenKey] > 0 ? (
              <Badge size="xs" color="red.9" circle aria-label={t('bell.unseenInTab', { count: unseen[String(type) as UnseenKey] })}>
                {unseen[String(type) as UnseenKey]}
              </Badge>
            ) : null}
          </Group>
        </Tabs.Tab>
      ))}
    </Tabs.List>
  );
}

/** The click flow's state: why opening a notification failed (retry or dismiss), or that it is opening. */
function BellClickStatus({ click, clickError, busy }: { click: NotificationBellProps['click']; clickError: string | null; busy: boolean }) {
  const { t } = useTranslation('notifications');
  return (
    <>
      {clickError ? (
        <Alert color="red.9" mb="xs" title={t('bell.openFailed')} data-testid="bell-click-error">
          <Text size="sm">{t(errorMessageKey(clickError))}</Text>
          <Group gap="xs" mt="xs">
            <Button size="xs" onClick={() => click.send({ type: 'RETRY' })}>
              {t('bell.retry')}
            </Button>
            <Button size="xs" variant="subtle" onClick={() => click.send({ type: 'DISMISS' })}>
              {t('bell.dismiss')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {busy ? (
        <Group gap="xs" mb="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('bell.opening')}</Text>
        </Group>
      ) : null}
    </>
  );
}

/** core §2 notification bell: unseen badge, three tabs, items with order, table and age. */
export function NotificationBell({ list, click, now = Date.now }: NotificationBellProps) {
  const { t } = useTranslation('notifications');
  const { t: te } = useTranslation('errors');
  const [opened, setOpened] = useState(false);
  const [clock, setClock] = useState(now);
  const tab = useSelector(list, (s) => s.context.tab);
  const items = useSelector(list, (s) => s.context.items);
  const unseen = useSelector(list, (s) => s.context.unseen);
  const loading = useSelector(list, (s) => s.hasTag('loading'));
  const listError = useSelector(list, (s) => (s.matches('failed') ? s.context.errorCode : null));
  const busy = useSelector(click, (s) => s.hasTag('busy'));
  const clickError = useSelector(click, (s) => (s.matches('failed') ? s.context.errorCode : null));
  const total = unseen['0'] + unseen['1'] + unseen['2'] + unseen['3'] + unseen['4'];

  // The dropdown closes once the click flow has navigated (busy → idle without an error).
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy && !clickError) setOpened(false);
    wasBusy.current = busy;
  }, [busy, clickError]);

  useEffect(() => {
    if (!opened) return undefined;
    setClock(now());
    const timer = window.setInterval(() => setClock(now()), 30_000);
    return () => window.clearInterval(timer);
  }, [opened, now]);

  const toggle = (next: boolean) => {
    setOpened(next);
    if (next) list.send({ type: 'REFRESH' });
  };

  const label = total > 0 ? t('bell.labelWithCount', { count: total }) : t('bell.label');

  return (
    <Popover position="bottom-end" width={340} shadow="md" withArrow opened={opened} onChange={toggle} trapFocus returnFocus>
      <Indicator label={total > 99 ? '99+' : total} disabled={total === 0} size={18} color="red.9" offset={6} data-testid="bell-count">
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size="lg"
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={opened}
            data-testid="notification-bell"
            onClick={() => toggle(!opened)}
          >
            <RealtimeIcon name="bell" />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown aria-label={t('bell.label')} role="dialog">
        <Tabs value={String(tab)} onChange={(value) => value !== null && list.send({ type: 'TAB.SELECT', tab: Number(value) as BellTab })}>
          <BellTabList unseen={unseen} />
          {TABS.map((type) => (
            <Tabs.Panel key={type} value={String(type)} pt="xs">
              {type === tab ? (
                <>
                  <BellClickStatus click={click} clickError={clickError} busy={busy} />
                  <BellList
                    items={items}
                    loading={loading}
                    error={listError ? te(listError, { defaultValue: t('bell.loadFailed') }) : null}
                    now={clock}
                    disabled={busy}
                    onRetry={() => list.send({ type: 'REFRESH' })}
                    onOpen={(item) =>
                      click.send({
                        type: 'CLICK',
                        notification: {
                          id: item.id,
                          order_id: item.order_id,
                          order_code: item.order_code,
                          notification_type: item.notification_type,
                        },
                      })
                    }
                  />
                </>
              ) : null}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Popover.Dropdown>
    </Popover>
  );
}

interface BellListProps {
  items: BellItem[];
  loading: boolean;
  error: string | null;
  now: number;
  disabled: boolean;
  onRetry: () => void;
  onOpen: (item: BellItem) => void;
}

function BellList({ items, loading, error, now, disabled, onRetry, onOpen }: BellListProps) {
  const { t } = useTranslation('notifications');
  if (error) {
    return (
      <Alert color="red.9" title={t('bell.loadFailed')}>
        <Text size="sm">{error}</Text>
        <Button size="xs" mt="xs" onClick={onRetry}>
          {t('bell.retry')}
        </Button>
      </Alert>
    );
  }
  if (items.length === 0) {
    return loading ? (
      <Group justify="center" p="md" role="status">
        <Loader size="sm" aria-hidden="true" />
        <VisuallyHidden>{t('bell.loading')}</VisuallyHidden>
      </Group>
    ) : (
      <Text size="sm" c="gray.8" p="md" ta="center">
        {t('bell.empty')}
      </Text>
    );
  }
  return (
    <ul className={classes.list} aria-busy={loading || undefined}>
      {items.map((item) => {
        const [key, options] = relativeTimeText(relativeTime(item.created_at, now));
        const seen = item.status === 2;
        return (
          <li key={item.id}>
            <UnstyledButton
              className={classes.item}
              onClick={() => onOpen(item)}
              disabled={disabled}
              data-testid="bell-item"
              data-seen={seen}
            >
              <span className={seen ? classes.seenDot : classes.unseenDot} aria-hidden="true" />
              <span className={classes.itemText}>
                <Text component="span" size="sm" fw={seen ? 400 : 700}>
                  {item.notification_type === 3
                    ? t('bell.einvoiceFailed', { code: item.order_code })
                    : item.notification_type === 4
                      ? t('bell.approvalAsked', { code: item.order_code })
                      : t('bell.order', { code: item.order_code })}
                  {seen ? null : <VisuallyHidden>, {t('bell.unseen')}</VisuallyHidden>}
                </Text>
                {item.table_name ? (
                  <Text component="span" size="sm">
                    {item.table_name}
                  </Text>
                ) : null}
                <Text component="span" size="xs" c="gray.8">
                  {t(key, options)}
                </Text>
              </span>
            </UnstyledButton>
          </li>
        );
      })}
    </ul>
  );
}
