import { expect, type Locator, type Page } from '@playwright/test';
import { P } from '../support/env';
import { t, type Lang } from '../support/i18n';

/** Page object of /profile (core §2 Business info): the business profile, read only. */
export class ProfilePage {
  readonly heading: Locator;
  readonly failed: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
    readonly wording: 'business' | 'personal' = 'business',
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: t(lang, `profile:title.${wording}`) });
    this.failed = page.getByTestId('profile-failed');
  }

  /** The value shown for one field of core §3 (its `data-field`). */
  value(field: string): Locator {
    return this.page.locator(`[data-field="${field}"] dd`);
  }

  section(key: 'merchant' | 'contact' | 'representative'): Locator {
    return this.page.getByRole('region', { name: t(this.lang, `profile:section.${key}.${this.wording}`) });
  }

  static async open(page: Page, lang: Lang = 'vi', wording: 'business' | 'personal' = 'business'): Promise<ProfilePage> {
    await page.goto(P('/profile'));
    const profile = new ProfilePage(page, lang, wording);
    await expect(profile.heading).toBeVisible({ timeout: 15_000 });
    return profile;
  }
}
