import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/Loader.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { currentLanguage, i18n, initI18n, setLanguage } from '../../../i18n';
import { createServiceClient } from '../../../services/http/client';
import { HostedCheckoutApp } from './HostedCheckoutApp';

/**
 * The hosted checkout page (dist/checkout.html, served by the sandbox at /checkout/): no portal
 * chrome, no sign-in, no configuration file. Vietnamese unless the payer chose English before (the
 * portal's own language key); the payment calls go to this origin's checkout service.
 */
async function start(container: HTMLElement): Promise<void> {
  await initI18n({ defaultLanguage: 'vi' });
  await i18n.loadNamespaces(['checkout', 'common']);
  const client = createServiceClient({ service: 'checkout', baseURL: '/api/checkout' });
  createRoot(container).render(
    <StrictMode>
      <MantineProvider defaultColorScheme="light">
        <HostedCheckoutApp
          client={client}
          search={window.location.search}
          language={currentLanguage()}
          onLanguage={async (lng) => {
            await setLanguage(lng);
            await i18n.loadNamespaces(['checkout']);
          }}
        />
      </MantineProvider>
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (root) void start(root);
