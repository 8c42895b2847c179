import { Notifications } from '@mantine/notifications';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';

/** core §8: at most 3 toasts, 5 s, 433 px wide. Lazy: toasts are never needed for the first paint. */
export default function Toasts() {
  return <Notifications limit={3} autoClose={5000} containerWidth={433} position="top-right" />;
}
