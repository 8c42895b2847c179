import { expectNoAxeViolations } from '../support/axe';
import { P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { t, type Lang } from '../support/i18n';
import { acceptCookies } from '../support/shell';
import { signIn } from '../support/sign-in';
import { withEinvoice } from '../pages/einvoice-sso';

// /e-inv-onboarding (doc 2 §2: widget → contract modal → e-mail notice → /dashboard;
// §9 plans; D202).

const tx = (lang: Lang, key: string, params: Record<string, string | number> = {}) => t(lang, `einvoice:onboarding.${key}`, params);

for (const [lang, width] of [
  ['vi', 1280],
  ['en', 375],
] as const) {
  test(`doc 2 §2: registration form, contract modal, e-mail notice, then the dashboard (${lang}, ${width} px)`, async ({
    page,
    sandbox,
  }, info) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    const merchant = await sandbox.createMerchant();
    await withEinvoice(page.context());
    if (lang === 'en') {
      await page.goto(P('/login'));
      await page.evaluate(() => window.localStorage.setItem('language', 'en'));
    }
    await signIn(page, merchant, { lang });
    await acceptCookies(page, lang);
    await page.goto(P('/e-inv-onboarding'));
    await expect(page.getByRole('heading', { level: 1, name: tx(lang, 'title') })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('textbox', { name: tx(lang, 'taxCode') })).toHaveValue('0108123455');

    // Nothing chosen: every field says so.
    await page.getByRole('button', { name: tx(lang, 'submit') }).click();
    await expect(page.getByText(tx(lang, 'problems.required')).first()).toBeVisible();
    await expectNoAxeViolations(page, `e-invoice onboarding form (${lang})`, info);

    await page.getByRole('radio', { name: 'MISA meInvoice' }).check();
    await page.getByRole('radio', { name: tx(lang, 'plans.pro', { count: 500 }) }).check();
    await page.getByRole('textbox', { name: tx(lang, 'contactName') }).fill('Nguyễn Thị Hoa');
    await page.getByRole('textbox', { name: tx(lang, 'email') }).fill('hoa@');
    await page.getByRole('textbox', { name: tx(lang, 'phone') }).fill('0912345678');
    await page.getByRole('button', { name: tx(lang, 'submit') }).click();
    await expect(page.getByText(tx(lang, 'problems.invalid'))).toBeVisible();
    await page.getByRole('textbox', { name: tx(lang, 'email') }).fill('hoa@phoco.vn');
    await page.getByRole('button', { name: tx(lang, 'submit') }).click();

    const contract = page.getByRole('dialog', { name: tx(lang, 'contractTitle') });
    await expect(contract).toContainText(/EINV-[0-9A-F]{8}/);
    // Back keeps what was typed.
    await contract.getByRole('button', { name: tx(lang, 'back') }).click();
    await expect(page.getByRole('textbox', { name: tx(lang, 'contactName') })).toHaveValue('Nguyễn Thị Hoa');
    await page.getByRole('button', { name: tx(lang, 'submit') }).click();
    await expectNoAxeViolations(page, `e-invoice onboarding contract (${lang})`, info);
    await contract.getByRole('button', { name: tx(lang, 'sign') }).click();

    const notice = page.getByRole('dialog', { name: tx(lang, 'noticeTitle') });
    await expect(notice).toContainText('hoa@phoco.vn');
    const mail = notice.getByTestId('onboarding-mail');
    const href = decodeURIComponent((await mail.getAttribute('href')) ?? '');
    expect(href).toContain('0108123455');
    expect(href).toContain('Nguyễn Thị Hoa');
    expect(href).toContain('MISA meInvoice');
    await notice.getByRole('button', { name: tx(lang, 'done') }).click();
    await expect(page).toHaveURL(new RegExp(`${P('/dashboard')}$`));
  });
}
