import { Notifications } from '@mantine/notifications';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { TOAST_LAYOUT } from './shared/toast-layout';

/** core §8: at most 3 toasts, 5 s, 433 px wide. Lazy: mounted with the first toast (App's ToastHost). */
export default function Toasts() {
  return <Notifications {...TOAST_LAYOUT} />;
}
