import type { Page } from '@playwright/test';

/**
 * Serves this page's /portal/config.json with some feature flags changed, as a deployment's own
 * configuration would (the sandbox serves the defaults: e-invoice on, master merchant and screen
 * customisation off). Only this page sees it; the sandbox and other tests are unchanged.
 */
export async function withFeatures(page: Page, features: Record<string, boolean>): Promise<void> {
  await page.route('**/portal/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as { features?: Record<string, unknown> };
    await route.fulfill({ response, json: { ...config, features: { ...config.features, ...features } } });
  });
}
