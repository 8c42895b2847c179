import type { Locator, Page } from 'playwright-core';
import { P } from '../e2e/support/env';
import { t } from '../e2e/support/i18n';
import { keptDishCount } from '../e2e/support/kept-catalogue';

/**
 * What the outage bench's cashier does on the till, with the buttons and fields a cashier uses
 * (the locators of e2e/pages/tables.ts, orders.ts and orderpayment.ts, by test id or the accessible
 * name in Vietnamese). The page objects themselves wait with the test runner's `expect`; a waiting
 * step here must end in bounded time with a named failure instead, so the bench counts it and the
 * tab goes on.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One intended order: the dishes (by name) and how many of each, and the note that tags it. */
export interface IntendedOrder {
  index: number;
  lines: Array<{ name: string; amount: number }>;
  tag: string;
}

/** A step that did not finish: which one, so the bench can say where orders were lost. */
export class StepFailed extends Error {
  constructor(
    readonly step: string,
    cause: unknown,
    at = '',
  ) {
    super(`${step}: ${cause instanceof Error ? cause.message.split('\n')[0] : String(cause)}${at ? ` (at ${new URL(at).pathname})` : ''}`);
  }
}

/** Time spent in each step over a run (ms, all tabs), to see where an order's time goes. */
export type StepTimes = Map<string, { ms: number; n: number }>;

export class TillCashier {
  constructor(
    readonly page: Page,
    /** How long one step may wait before it counts as failed. */
    readonly stepMs: number,
    readonly times: StepTimes = new Map(),
    /**
     * Resolves once the service is back (at once when it is up): a cashier whose screen says a call
     * failed waits for the connection before pressing "Retry" or "Send again", rather than hammering it.
     */
    readonly serviceUp: () => Promise<void> = () => Promise.resolve(),
  ) {}

  /** How often a cashier pressed "Retry" or "Send again" on a failure a dropped service caused. */
  retries = 0;

  /**
   * Waits until `done` is visible; meanwhile, when the screen says a call failed (a load's "Retry",
   * the basket's "Send again", D124: the same attempt with the same key), waits for the service and
   * presses it, as a cashier would. Bounded by the step's time as a whole.
   */
  private async visibleOrRetry(done: Locator, retry: Locator): Promise<void> {
    const deadline = Date.now() + this.stepMs;
    const left = () => Math.max(1, deadline - Date.now());
    for (;;) {
      await done.or(retry).first().waitFor({ state: 'visible', timeout: left() });
      if (await done.first().isVisible()) return;
      await Promise.race([this.serviceUp(), new Promise((resolve) => setTimeout(resolve, left()))]);
      if (Date.now() >= deadline) throw new Error('the screen still says the call failed');
      this.retries += 1;
      // The failure may have gone by itself meanwhile (a page that follows its order reloads it): then
      // the loop looks again rather than waiting on a button that is not there.
      const pressed = await retry
        .first()
        .click({ timeout: Math.min(left(), 2_000) })
        .then(
          () => true,
          () => false,
        );
      // Pressed: the failure goes (a load, or the basket sending) before it answers again.
      if (pressed) await retry.first().waitFor({ state: 'hidden', timeout: left() });
    }
  }

  private async step<T>(name: string, run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await run();
    } catch (error) {
      throw new StepFailed(name, error, this.page.url());
    } finally {
      const entry = this.times.get(name) ?? { ms: 0, n: 0 };
      this.times.set(name, { ms: entry.ms + performance.now() - started, n: entry.n + 1 });
    }
  }

  private visible(locator: Locator): Promise<void> {
    return locator.waitFor({ state: 'visible', timeout: this.stepMs });
  }

  /** The order list (/sale-order) with its "New order" button ready (not creating). */
  async listShown(): Promise<void> {
    await this.step('order list', async () => {
      const create = this.page.getByTestId('order-create');
      await this.visible(create);
      await this.page.waitForFunction(
        () => {
          const el = document.querySelector('[data-testid="order-create"]');
          return el !== null && !el.hasAttribute('data-loading') && !(el as HTMLButtonElement).disabled;
        },
        undefined,
        { timeout: this.stepMs, polling: 50 },
      );
    });
  }

  /** A full load of /sale-order, as after a failure or a reload. */
  async openList(): Promise<void> {
    await this.step('open /sale-order', () => this.page.goto(P('/sale-order'), { timeout: this.stepMs }));
    await this.listShown();
  }

  /**
   * The counter's "New order" (D349): online the service's order (/sale-order/<id>), offline or
   * without an answer a local order (/sale-order/local/<uuid>); then the order page with its tiles.
   * Answers which of the two it became.
   */
  async newOrder(): Promise<'service' | 'local'> {
    const local = await this.step('new order', async () => {
      await this.page.getByTestId('order-create').click({ timeout: this.stepMs });
      await this.page.waitForURL(/\/sale-order\/(local\/[0-9a-f-]{36}|\d+)$/, { timeout: this.stepMs });
      return /\/sale-order\/local\//.test(this.page.url());
    });
    await this.orderShown();
    return local ? 'local' : 'service';
  }

  /** Waits (bounded) until the till has kept the catalogue, which selling offline needs (D348). */
  async catalogueKept(timeoutMs: number): Promise<void> {
    await this.step('catalogue kept', () => this.page.waitForFunction(keptDishCount, undefined, { timeout: timeoutMs, polling: 200 }));
  }

  /** The order page's "Retry": the order's load, or the catalogue's (an alert of the dish picker), may fail while the service is away. */
  private orderRetry(): Locator {
    return this.page
      .getByTestId('order-load-failed')
      .getByRole('button')
      .or(this.page.getByRole('alert').getByRole('button', { name: t('vi', 'orders:edit.retry'), exact: true }));
  }

  /** The basket's send button while it says "Xác nhận đơn" (an order with dishes still to confirm). */
  private confirmButton(): Locator {
    return this.page.getByTestId('order-submit').filter({ hasText: t('vi', 'orders:edit.confirm') });
  }

  async orderShown(): Promise<void> {
    await this.step('order page', async () => {
      await this.visibleOrRetry(this.page.getByTestId('order-title'), this.orderRetry());
      await this.visibleOrRetry(this.page.getByTestId('order-dish').first(), this.orderRetry());
    });
  }

  /** The names of the first `count` dish tiles, in the order the till shows them. */
  async dishNames(count: number): Promise<string[]> {
    const prefix = new RegExp(`^${escape(t('vi', 'orders:edit.add'))} (.+?), [\\d.]+\\s?₫`);
    const labels = await this.page.getByTestId('order-dish').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
    return labels
      .map((label) => prefix.exec(label)?.[1])
      .filter((name): name is string => Boolean(name))
      .slice(0, count);
  }

  private tile(name: string): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^${escape(t('vi', 'orders:edit.add'))} ${escape(name)},`) });
  }

  /** The count a dish's tile shows (0 without one). */
  private async countOn(name: string): Promise<number> {
    const label = `${t('vi', 'orders:edit.add')} ${name},`;
    return this.page.evaluate((prefix) => {
      const el = [...document.querySelectorAll('[data-testid="order-dish"]')].find((x) => x.getAttribute('aria-label')?.startsWith(prefix));
      return Number(el?.querySelector('[data-testid="order-dish-count"]')?.textContent ?? '0') || 0;
    }, label);
  }

  /**
   * Taps a dish's tile until it shows `amount`, as a cashier looks at the count: the taps still missing,
   * then a wait (at most 5 s) for the count; a tap the page did not take is tapped again, never more
   * than the count lacks. Bounded by the step's time.
   */
  private async tapUntil(name: string, amount: number): Promise<void> {
    const deadline = Date.now() + this.stepMs;
    const tile = this.tile(name);
    for (;;) {
      const shown = await this.countOn(name);
      if (shown > amount) throw new Error(`${name} shows ×${shown}, more than the ×${amount} tapped`);
      if (shown === amount) return;
      if (Date.now() >= deadline) throw new Error(`${name} ×${amount} not in the basket (it shows ×${shown})`);
      // The page may be loading the service's order it followed, which can fail while the service is away.
      await this.visibleOrRetry(tile, this.orderRetry());
      for (let i = shown; i < amount; i += 1) await tile.click({ timeout: Math.max(1, deadline - Date.now()) });
      const taken = await this.page
        .waitForFunction(
          ([label, want]) => {
            const el = [...document.querySelectorAll('[data-testid="order-dish"]')].find((x) =>
              x.getAttribute('aria-label')?.startsWith(label),
            );
            return el?.querySelector('[data-testid="order-dish-count"]')?.textContent === want;
          },
          [`${t('vi', 'orders:edit.add')} ${name},`, String(amount)] as const,
          { timeout: Math.max(1, Math.min(5_000, deadline - Date.now())) },
        )
        .then(
          () => true,
          () => false,
        );
      if (taken) return;
      this.missedTaps += 1;
    }
  }

  /** Times the count of a tile was short after its taps and it was tapped again. */
  missedTaps = 0;

  /** Times the page followed the service's order while the dishes were being tapped (checked again, D382). */
  basketsDropped = 0;

  /** One tap per dish (more if a tap was not taken), the tag as the first line's kitchen note, then send and close the pop-up. */
  async takeAndSend(order: IntendedOrder): Promise<void> {
    // A local order's page follows the service's order once its create is acknowledged (D349), only
    // while nothing tapped waits to be sent (D382): a follow during this step came before a tap landed,
    // so the cashier checks the counts again (tapUntil taps only what is missing) and types the note
    // again (counted; at most twice more).
    for (let attempt = 0; ; attempt += 1) {
      const at = this.page.url();
      await this.step('tap dishes', async () => {
        for (const line of order.lines) await this.tapUntil(line.name, line.amount);
      });
      await this.step('note', () =>
        this.page.getByTestId('order-basket-line').first().getByTestId('order-basket-note').fill(order.tag, { timeout: this.stepMs }),
      );
      if (this.page.url() === at || attempt === 2) break;
      this.basketsDropped += 1;
    }
    await this.step('send', async () => {
      await this.page.getByTestId('order-submit').first().click({ timeout: this.stepMs });
      // Sent: the basket is empty and Pay became a link. Without an answer (a service order while the
      // service dropped) the basket says so and "Send again" repeats the same attempt (D124). The pop-up
      // that says it was sent closes by itself after 2 s (ADDED_POPUP_MS), or now with Escape.
      await this.visibleOrRetry(
        this.page.locator('a[data-testid="order-pay"]'),
        this.page.getByTestId('order-send-again').or(this.confirmButton()),
      );
      await this.page.getByTestId('order-basket-line').first().waitFor({ state: 'detached', timeout: this.stepMs });
      const added = this.page.getByTestId('order-added');
      if (await added.isVisible()) await this.page.keyboard.press('Escape');
      await added.waitFor({ state: 'hidden', timeout: this.stepMs });
    });
  }

  /** "Pay" on the order page, then the payment page with its total. */
  async goToPayment(): Promise<void> {
    await this.step('pay button', async () => {
      // A local order's page follows the service's order once its create is acknowledged, and loads it
      // again, which can fail while the service is away.
      const pay = this.page.locator('a[data-testid="order-pay"]');
      // A service order the outage caught between its dishes and their confirmation shows "Xác nhận đơn".
      await this.visibleOrRetry(pay, this.orderRetry().or(this.confirmButton()));
      await pay.click({ timeout: this.stepMs });
      await this.page.waitForURL(/\/sale-order\/payment\/(local\/)?[^/]+$/, { timeout: this.stepMs });
    });
    await this.paymentShown();
  }

  async paymentShown(): Promise<void> {
    await this.step('payment page', () =>
      this.visibleOrRetry(this.page.getByTestId('cash-received'), this.page.getByTestId('payment-load-failed').getByRole('button')),
    );
  }

  /** The exact amount in cash, Complete, the success view, then home (the order list, a counter order's home). */
  async payCashAndGoHome(): Promise<void> {
    await this.step('cash', async () => {
      const total = ((await this.page.getByTestId('payment-total').textContent({ timeout: this.stepMs })) ?? '').replace(/\D/g, '');
      if (!total) throw new Error('no total on the payment page');
      await this.page.getByTestId('cash-received').fill(total, { timeout: this.stepMs });
      await this.page.getByTestId('cash-complete').click({ timeout: this.stepMs });
      // A payment whose answer was lost says so ("Send again", the same key, D159); a refused one says
      // "Cash payment failed" beside Complete, which the cashier presses again once the service is back.
      const failed = this.page
        .getByTestId('cash-panel')
        .filter({ has: this.page.getByRole('alert').filter({ hasText: t('vi', 'orderpayment:cash.failed') }) });
      await this.visibleOrRetry(
        this.page.getByTestId('payment-success'),
        this.page.getByTestId('payment-retry').or(failed.getByTestId('cash-complete')),
      );
    });
    await this.goHome();
  }

  async goHome(): Promise<void> {
    await this.step('home', async () => {
      await this.page.getByTestId('payment-home').click({ timeout: this.stepMs });
      await this.page.waitForURL(/\/sale-order(\?[^/]*)?$/, { timeout: this.stepMs });
    });
    await this.listShown();
  }

  /** A reload where the cashier stands; the page must come back to the same screen. */
  async reload(): Promise<void> {
    await this.step('reload', () => this.page.reload({ timeout: this.stepMs }));
  }

  /** Waits until the till's banner says nothing waits (the outbox is empty and online); true if so. */
  async queueEmpty(timeoutMs: number): Promise<boolean> {
    return this.page
      .waitForFunction(
        () => {
          const banner = document.querySelector('[data-testid="outbox-status"]');
          return banner === null || (banner.textContent ?? '').trim() === '';
        },
        undefined,
        { timeout: timeoutMs, polling: 500 },
      )
      .then(
        () => true,
        () => false,
      );
  }
}
