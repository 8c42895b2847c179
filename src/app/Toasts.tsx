import { Notifications } from '@mantine/notifications';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { TOAST_LAYOUT, TOAST_POSITION } from './shared/toast-layout';
import classes from './Toasts.module.css';

/**
 * core §8: at most 3 toasts, 5 s, 433 px wide; at the top centre just below the top bar (D225).
 * Lazy: mounted with the first toast (App's ToastHost).
 */
export default function Toasts() {
  return <Notifications {...TOAST_LAYOUT} position={TOAST_POSITION} classNames={{ root: classes.root }} />;
}
