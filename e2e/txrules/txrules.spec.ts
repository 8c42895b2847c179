import { expectNoAxeViolations } from '../support/axe';
import { P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import { TxRulesPage } from '../pages/txrules';
import { Shell, toastsGone } from '../support/shell';
import { signIn } from '../support/sign-in';

// Transaction rules: /setting-tx, /setting-tx/create, /setting-tx/update (doc 2 §2, §3
// Transaction rule, §5 "all four fields required", §7 /metadata/rule). Each test uses a throwaway copy
// of phoco (three seeded rules, one per store).

test.describe('Issue 14: transaction rules (/setting-tx)', () => {
  test('doc 2 §3, §5, §7: the list with its logos; a rule needs all four fields, is added, applied, edited, refused when it overlaps, and deleted (vi, desktop)', async ({
    page,
    sandbox,
  }, info) => {
    test.slow();
    const merchant = await sandbox.createMerchant();
    const r = await TxRulesPage.open(page, merchant);
    await expect(r.rows).toHaveCount(3);
    const visa = r.rowOf('PC01 · VISA');
    await expect(visa).toContainText('Phố Cổ - Hàng Bạc');
    // Logos are drawn by the service and load (an image with a width), named for screen readers.
    for (const name of ['VISA', 'Vietcombank', 'Techcombank', 'BIDV']) {
      const logo = r.logo(visa, name);
      await expect(logo).toBeVisible();
      expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    await expect(visa).toContainText(r.tx('list.synced'));
    await expectNoAxeViolations(page, 'rule list', info);

    // Create: Save stays disabled until all four fields are chosen.
    await r.add.click();
    await expect(page).toHaveURL(new RegExp(`${P('/setting-tx/create')}$`));
    await expect(r.save).toBeDisabled();
    await r.pickStore('Phố Cổ - Tràng Tiền');
    await expect(r.save).toBeDisabled();
    await r.pick(r.cardType, 'NAPAS');
    await r.pickIssuers(['ACB', 'VPBank']);
    await expect(r.save).toBeDisabled();
    await r.pick(r.acquirer, 'Techcombank');
    await expect(r.save).toBeEnabled();
    await expectNoAxeViolations(page, 'rule form', info);
    await r.save.click();
    // Back to the rule list (D168), the new rule first, waiting to be applied.
    await expect(page).toHaveURL(new RegExp(`${P('/setting-tx')}$`));
    await expect(page.getByText(r.tx('form.createdTitle'), { exact: true })).toBeVisible();
    await expect(r.rows).toHaveCount(4);
    const napas = r.rowOf('PC02 · NAPAS');
    await expect(r.rows.first()).toContainText('PC02 · NAPAS');
    await expect(napas).toContainText(r.tx('list.pending'));
    await expect(r.logo(napas, 'ACB')).toBeVisible();
    await expect(r.logo(napas, 'VPBank')).toBeVisible();

    await r.sync.click();
    await expect(page.getByText(r.tx('sync.successTitle'), { exact: true })).toBeVisible();
    await expect(napas).toContainText(r.tx('list.synced'));

    // Edit it: the form comes filled in; change the processing bank.
    await napas.getByRole('link', { name: r.tx('list.editLabel', { name: 'PC02 · NAPAS' }) }).click();
    await expect(page).toHaveURL(/\/setting-tx\/update\?id=\d+$/);
    await expect(r.cardType).toHaveValue('NAPAS');
    await expect(r.acquirer).toHaveValue('Techcombank');
    await r.pick(r.acquirer, 'MBBank');
    await r.save.click();
    await expect(page).toHaveURL(new RegExp(`${P('/setting-tx')}$`));
    await expect(r.logo(r.rowOf('PC02 · NAPAS'), 'MBBank')).toBeVisible();
    await expect(r.rowOf('PC02 · NAPAS')).toContainText(r.tx('list.pending'));

    // A VISA rule at Hàng Bạc for Techcombank overlaps the seeded one: refused, every choice kept.
    await r.add.click();
    await r.pickStore('Phố Cổ - Hàng Bạc');
    await r.pick(r.cardType, 'VISA');
    await r.pickIssuers(['Techcombank']);
    await r.pick(r.acquirer, 'Vietcombank');
    await r.save.click();
    await expect(r.formError).toContainText(t('vi', 'errors:RULE_EXIST'));
    await expect(page).toHaveURL(new RegExp(`${P('/setting-tx/create')}$`));
    await expect(r.cardType).toHaveValue('VISA');
    await expect(r.acquirer).toHaveValue('Vietcombank');
    await expect(r.save).toBeEnabled();
    await page.getByRole('button', { name: r.tx('form.cancel'), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${P('/setting-tx')}$`));

    // Delete after a confirmation.
    await r
      .rowOf('PC02 · NAPAS')
      .getByRole('button', { name: r.tx('list.deleteLabel', { name: 'PC02 · NAPAS' }) })
      .click();
    await expect(r.deleteDialog).toContainText('PC02 · NAPAS');
    await toastsGone(page);
    await expectNoAxeViolations(page, 'rule delete dialog', info);
    await r.deleteConfirm.click();
    await expect(page.getByText(r.tx('delete.successTitle'), { exact: true })).toBeVisible();
    await expect(r.rows).toHaveCount(3);
    await expect(r.rowOf('PC02 · NAPAS')).toHaveCount(0);
  });

  test('doc 2 §1 bilingual, 375 px: the list and the form in English, axe clean', async ({ page, sandbox }, info) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const merchant = await sandbox.createMerchant();
    const r = await TxRulesPage.open(page, merchant, 'en');
    await expect(r.rows).toHaveCount(3);
    await expect(r.rowOf('PC03 · JCB')).toContainText('Phố Cổ - Tây Hồ');
    await expectNoAxeViolations(page, 'rule list 375 en', info);
    await r.add.click();
    await expect(page.getByRole('heading', { level: 1, name: r.tx('form.createTitle') })).toBeVisible();
    await expect(r.save).toBeDisabled();
    await expect(page.getByText(r.tx('form.allRequired'))).toBeVisible();
    await expectNoAxeViolations(page, 'rule form 375 en', info);
  });

  test('D87, D167: the owner opens the rules from the sales menu; a staff-type user has no entry and gets the owner-only note at every rule address', async ({
    page,
    sandbox,
  }, info) => {
    const merchant = await sandbox.createMerchant();
    await signIn(page, merchant);
    const shell = new Shell(page);
    await shell.openFromMenu('sales', 'settingTx');
    await expect(page).toHaveURL(new RegExp(`${P('/setting-tx')}$`));
    await new TxRulesPage(page).waitForRows();

    await page.context().clearCookies();
    await page.evaluate(() => {
      window.localStorage.clear();
      window.sessionStorage.clear();
    });
    await signIn(page, { username: 'phoco.staff', password: 'Staff@2026' });
    await page.getByRole('button', { name: t('vi', 'shell:nav.sales'), exact: true }).click();
    await expect(shell.menuLink('saleOrder')).toBeVisible();
    await expect(shell.menuLink('settingTx')).toHaveCount(0);
    for (const path of ['/setting-tx', '/setting-tx/create', '/setting-tx/update?id=1']) {
      await page.goto(P(path));
      await expect(page.getByTestId('owner-only-note')).toContainText(t('vi', 'common:ownerOnly.page'));
    }
    await expectNoAxeViolations(page, 'rules owner-only', info);
  });
});
