import { expect, type Locator, type Page } from '@playwright/test';
import { t, type Lang } from '../support/i18n';
import { acceptCookies } from '../support/shell';
import { signIn } from '../support/sign-in';

/** Page object of the onboarding area: /sale-register (step 1 cards, the code popup, the wizard, step 4). */
export class OnboardingPage {
  readonly heading: Locator;
  readonly freeCard: Locator;
  readonly free: Locator;
  readonly codeOpen: Locator;
  readonly codeDialog: Locator;
  readonly code: Locator;
  readonly codeApply: Locator;
  readonly progress: Locator;
  readonly website: Locator;
  readonly address: Locator;
  readonly hotline: Locator;
  readonly points: Locator;
  readonly category: Locator;
  readonly next: Locator;
  readonly skip: Locator;
  readonly skipAll: Locator;
  readonly skipping: Locator;
  readonly success: Locator;
  readonly goNow: Locator;
  readonly error: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    const tx = (key: string) => this.tx(key);
    this.heading = page.getByRole('heading', { level: 1, name: tx('title') });
    this.freeCard = page.getByTestId('onboarding-free-card');
    this.free = page.getByTestId('onboarding-free');
    this.codeOpen = page.getByTestId('onboarding-code-open');
    this.codeDialog = page.getByRole('dialog', { name: tx('code.title') });
    this.code = page.getByTestId('onboarding-code');
    this.codeApply = page.getByTestId('onboarding-code-apply');
    this.progress = page.getByTestId('onboarding-progress');
    this.website = page.getByTestId('onboarding-website');
    this.address = page.getByTestId('onboarding-address');
    this.hotline = page.getByTestId('onboarding-hotline');
    this.points = page.getByTestId('onboarding-points');
    this.category = page.getByTestId('onboarding-category');
    this.next = page.getByTestId('onboarding-next');
    this.skip = page.getByTestId('onboarding-skip');
    this.skipAll = page.getByTestId('onboarding-skip-all');
    this.skipping = page.getByTestId('onboarding-skipping');
    this.success = page.getByTestId('onboarding-success');
    this.goNow = page.getByTestId('onboarding-go-now');
    this.error = page.getByTestId('onboarding-error');
  }

  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `onboarding:${key}`, params);
  }

  static async open(page: Page, user: { username: string; password: string }, lang: Lang = 'vi'): Promise<OnboardingPage> {
    // signIn stores the language too: the page opens in it from the first paint.
    await signIn(page, user, { lang, to: '/sale-register' });
    await acceptCookies(page, lang);
    const onboarding = new OnboardingPage(page, lang);
    await expect(onboarding.heading).toBeVisible({ timeout: 15_000 });
    return onboarding;
  }

  async expectStep(step: 1 | 2 | 3): Promise<void> {
    await expect(this.progress).toContainText(this.tx('wizard.progress', { step }));
  }

  toast(title: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: title });
  }
}
