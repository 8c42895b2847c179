import { expect, type Locator, type Page } from '@playwright/test';
import { P } from '../support/env';
import { t, type Lang } from '../support/i18n';
import { acceptCookies } from '../support/shell';

/** Page object of the card machines area: the list /edc and a machine's detail dialog. */

export class EdcPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly typeFilter: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: t(lang, 'edc:title') });
    this.table = page.getByRole('table', { name: t(lang, 'edc:tableLabel') });
    this.rows = this.table.getByTestId('data-row');
    this.typeFilter = page.getByTestId('edc-type-filter');
  }

  /** Opens /edc (signed in already), answers the cookie banner and waits for the rows. */
  static async open(page: Page, lang: Lang = 'vi'): Promise<EdcPage> {
    await page.goto(P('/edc'));
    await acceptCookies(page, lang);
    const edc = new EdcPage(page, lang);
    await expect(edc.heading).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('edc-table').getByTestId('skeleton-row')).toHaveCount(0, { timeout: 15_000 });
    return edc;
  }

  rowOf(serial: string): Locator {
    return this.page.getByTestId('data-row').filter({ hasText: serial });
  }

  /** The type filter's choice by its `edc:filter.*` key (all, pos, soundbox). */
  filter(key: string): Locator {
    return this.typeFilter.getByText(t(this.lang, `edc:filter.${key}`), { exact: true });
  }

  /** Opens a machine's detail from its row. */
  async openDetail(serial: string): Promise<EdcDetail> {
    await this.page.getByRole('button', { name: t(this.lang, 'edc:openDetail', { serial }) }).click();
    const detail = new EdcDetail(this.page, serial, this.lang);
    await expect(detail.dialog).toBeVisible();
    return detail;
  }
}

/** A machine's detail dialog: TID/MID pairs, ShopQR integration, Soundbox activation, POS connection. */
export class EdcDetail {
  readonly dialog: Locator;
  readonly close: Locator;
  readonly pairs: Locator;
  readonly knownStatus: Locator;
  // Integration with a ShopQR (POS).
  readonly integratedVa: Locator;
  readonly integrateStart: Locator;
  readonly integrateSelect: Locator;
  readonly integrateSubmit: Locator;
  // Activation (Soundbox).
  readonly activationHeading: Locator;
  readonly activate: Locator;
  readonly activateConfirmation: Locator;
  readonly confirmActivation: Locator;
  readonly activated: Locator;
  readonly contactBank: Locator;
  // Connection check (POS).
  readonly check: Locator;
  readonly checkAgain: Locator;
  readonly retry: Locator;
  readonly connectionResult: Locator;

  constructor(
    readonly page: Page,
    readonly serial: string,
    readonly lang: Lang = 'vi',
  ) {
    const tx = (key: string, params: Record<string, string | number> = {}) => t(lang, `edc:${key}`, params);
    const dialog = page.getByRole('dialog', { name: new RegExp(serial) });
    this.dialog = dialog;
    this.close = dialog.getByRole('button', { name: tx('detail.close') }).first();
    this.pairs = dialog.getByRole('table', { name: tx('detail.pairsLabel', { serial }) });
    this.knownStatus = dialog.getByTestId('known-status');
    this.integratedVa = dialog.getByTestId('integrated-va');
    this.integrateStart = dialog.getByRole('button', { name: tx('integrate.start') });
    this.integrateSelect = dialog.getByTestId('edc-integrate-select');
    this.integrateSubmit = dialog.getByRole('button', { name: tx('integrate.submit'), exact: true });
    this.activationHeading = dialog.getByRole('heading', { name: tx('activation.title') });
    this.activate = dialog.getByRole('button', { name: tx('activation.activate') });
    this.activateConfirmation = dialog.getByRole('group', { name: tx('activation.confirmTitle', { serial }) });
    this.confirmActivation = this.activateConfirmation.getByRole('button', { name: tx('activation.confirm'), exact: true });
    this.activated = dialog.getByTestId('activated');
    this.contactBank = dialog.getByTestId('contact-bank');
    this.check = dialog.getByRole('button', { name: tx('connection.check'), exact: true });
    this.checkAgain = dialog.getByRole('button', { name: tx('connection.checkAgain'), exact: true });
    this.retry = dialog.getByRole('button', { name: tx('connection.retry'), exact: true });
    this.connectionResult = dialog.getByTestId('connection-result');
  }
}

/** The POS hotline the portal's configuration names (core §9), as the screens quote it. */
export async function posHotline(page: Page): Promise<string> {
  const res = await page.request.get(P('/config.json'));
  return ((await res.json()) as { hotlines: { pos: string } }).hotlines.pos;
}
