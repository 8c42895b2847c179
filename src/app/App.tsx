import { lazy, Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { RouterProvider } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n';
import { PortalContext, type Language, type PortalEnvironment } from '../screens/shared/portal-context';
import type { AppRouter } from './router';
import type { Runtime } from './shared/runtime';
import { SessionContext } from './shared/session-context';
import { TOAST_LAYOUT } from './shared/toast-layout';
import { cssVariablesResolver, theme } from './theme';

// The toast store works before this loads: shown toasts queue in it and appear once it mounts.
const Toasts = lazy(() => import('./Toasts'));

// Toasts raised before the container mounts are placed by the store's own limit: make it core §8's.
notificationsStore.updateState((state) => ({ ...state, limit: TOAST_LAYOUT.limit, defaultPosition: TOAST_LAYOUT.position }));

const hasToasts = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
};

/**
 * The toast container (about 10 KB gzipped with its transitions) is fetched with the first toast, not
 * at start-up: most sign-ins raise none. Once mounted it stays, so later toasts appear at once.
 */
function ToastHost() {
  const wanted = useSyncExternalStore(notificationsStore.subscribe, hasToasts, hasToasts);
  const [mounted, setMounted] = useState(false);
  if (wanted && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

export function App({ runtime, router }: { runtime: Runtime; router: AppRouter }) {
  const { i18n } = useTranslation();
  const language: Language = i18n.resolvedLanguage === 'en' ? 'en' : 'vi';

  // <html lang> follows the language so screen readers pronounce Vietnamese as Vietnamese.
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const env = useMemo<PortalEnvironment>(
    () => ({ config: runtime.config, language, setLanguage: (next) => void setLanguage(next) }),
    [runtime.config, language],
  );

  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <ToastHost />
      <PortalContext.Provider value={env}>
        <SessionContext.Provider value={runtime.session}>
          <RouterProvider router={router} />
        </SessionContext.Provider>
      </PortalContext.Provider>
    </MantineProvider>
  );
}
