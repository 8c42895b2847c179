import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { notificationsStore } from '@mantine/notifications';
import { TOAST_LAYOUT, TOAST_POSITION } from './shared/toast-layout';

// The toast store works before this loads: shown toasts queue in it and appear once it mounts.
const Toasts = lazy(() => import('./Toasts'));

// Toasts raised before the container mounts are placed by the store's own limit: make it core §8's.
notificationsStore.updateState((state) => ({ ...state, limit: TOAST_LAYOUT.limit, defaultPosition: TOAST_POSITION }));

const hasToasts = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
};

/**
 * The toast container (about 10 KB gzipped with its transitions) is fetched with the first toast, not
 * at start-up: most sign-ins raise none. Once mounted it stays, so later toasts appear at once.
 */
export function ToastHost() {
  const wanted = useSyncExternalStore(notificationsStore.subscribe, hasToasts, hasToasts);
  const [mounted, setMounted] = useState(false);
  if (wanted && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
