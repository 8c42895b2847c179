import { Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConnectionStatus } from '../../machines/notifications/realtimeConnection.machine';
import classes from './Notifications.module.css';

/**
 * A quiet dot: green connected, orange (re)connecting, red offline. Not a banner: the sockets heal
 * themselves, and a shop assistant only needs to see it when payments seem not to arrive.
 */
export function ConnectionIndicator({ status }: { status: ConnectionStatus }) {
  const { t } = useTranslation('notifications');
  const text = t(`connection.${status}`);
  return (
    <Tooltip label={text} withArrow>
      <span className={classes.status} tabIndex={0} data-status={status} data-testid="realtime-status">
        <span className={classes.dot} aria-hidden="true" />
        <VisuallyHidden>{text}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}
