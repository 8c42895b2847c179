import type { Locator, Page } from '@playwright/test';
import { t, type Lang } from '../support/i18n';

/** /sale-refund/{invoice id} (D305): the refund form, its outcome and the order's refunds. */
export class RefundPage {
  readonly summary: Locator;
  readonly wholeOrder: Locator;
  readonly someDishes: Locator;
  readonly reason: Locator;
  readonly note: Locator;
  readonly submit: Locator;
  readonly done: Locator;
  readonly error: Locator;
  readonly history: Locator;
  readonly settled: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {
    this.summary = page.getByTestId('refund-summary');
    this.wholeOrder = page.getByRole('radio', { name: this.tx('form.full') });
    this.someDishes = page.getByRole('radio', { name: this.tx('form.lines') });
    this.reason = page.getByRole('combobox', { name: this.tx('form.reason') });
    this.note = page.getByRole('textbox', { name: this.tx('form.note') });
    this.submit = page.getByTestId('refund-submit');
    this.done = page.getByTestId('refund-done');
    this.error = page.getByTestId('refund-error');
    this.history = page.getByTestId('refund-history');
    this.settled = page.getByTestId('refund-settled');
  }

  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `refunds:${key}`, params);
  }

  quantityOf(name: string): Locator {
    return this.page.getByRole('textbox', { name: this.tx('lines.quantityOf', { name }) });
  }

  async chooseReason(code: string): Promise<void> {
    await this.reason.click();
    await this.page.getByRole('option', { name: this.tx(`reason.${code}`) }).click();
  }
}
