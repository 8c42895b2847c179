import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { defaultConfig } from '../../../config';
import { i18n, initI18n } from '../../../i18n';
import { PortalContext, type Language } from '../portal-context';

/** Screens as the app mounts them: Mantine, i18n (English), router and the portal environment. */
export async function renderScreen(ui: ReactNode, options: { path?: string; language?: Language } = {}) {
  await initI18n({ defaultLanguage: options.language ?? 'en' });
  await i18n.changeLanguage(options.language ?? 'en');
  return render(
    <MantineProvider>
      <PortalContext.Provider value={{ config: defaultConfig, language: options.language ?? 'en', setLanguage: () => {} }}>
        <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
      </PortalContext.Provider>
    </MantineProvider>,
  );
}
