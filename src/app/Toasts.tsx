import { Notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { TOAST_LAYOUT, TOAST_POSITION, TOAST_WIDE_QUERY } from './shared/toast-layout';
import classes from './Toasts.module.css';

/**
 * core §8: at most 3 toasts, 5 s, 433 px wide; bottom right, or below the top bar on a phone (D225).
 * Lazy: mounted with the first toast (App's ToastHost).
 */
export default function Toasts() {
  const wide = useMediaQuery(TOAST_WIDE_QUERY, true, { getInitialValueInEffect: false });
  return (
    <Notifications {...TOAST_LAYOUT} position={wide ? TOAST_POSITION.wide : TOAST_POSITION.narrow} classNames={{ root: classes.root }} />
  );
}
