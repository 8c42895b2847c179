import type { Page } from '@playwright/test';

/**
 * Waits until any request the page has already decided to send has left: one task in the page (so the
 * promises a click or an event started have run), then a request of the page's own, answered. Requests
 * leave the page in the order it starts them, so one sent before this marker has reached the network
 * (and Playwright's `request` events and routes) by the time the marker's answer is back. For "nothing
 * was sent" assertions, instead of sleeping and hoping the page was quick enough.
 */
export async function afterPendingRequests(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    await fetch(`/portal/config.json?settle=${Date.now()}`, { cache: 'no-store' }).then((r) => r.text());
  });
}
