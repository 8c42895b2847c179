import { useEffect, useMemo } from 'react';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n';
import { PortalContext, type Language, type PortalEnvironment } from '../screens/shared/portal-context';
import type { AppRouter } from './router';
import type { Runtime } from './shared/runtime';
import { RuntimeProvider } from './shared/composition';
import { SessionContext } from './shared/session-context';
import { ToastHost } from './ToastHost';
import { cssVariablesResolver, theme } from './theme';

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
        <RuntimeProvider runtime={runtime}>
          <SessionContext.Provider value={runtime.session}>
            <RouterProvider router={router} />
          </SessionContext.Provider>
        </RuntimeProvider>
      </PortalContext.Provider>
    </MantineProvider>
  );
}
