import { expectNoAxeViolations } from '../support/axe';
import { portalApi, setUpEinvoice } from '../support/einvoice';
import { expect, test } from '../support/fixtures';
import { DeclarationPage } from '../pages/einvoice-declaration';

// /e-inv-declaration (doc 2 §2, §3 declaration record, §6 set-up needed, §9 "from
// 1 January to today"; D200): the set-up provider's own declaration records, read through its adapter.

test.describe('Issue 15: declarations (/e-inv-declaration)', () => {
  test('doc 2 §2, §9: a phoco copy on M-Invoice shows its approved declaration of this year; add leads to the provider (vi, desktop)', async ({
    page,
    sandbox,
  }, info) => {
    test.slow();
    const merchant = await sandbox.createMerchant();
    await setUpEinvoice(await portalApi(sandbox, merchant), merchant, { provider: 'm-invoice' });
    const d = await DeclarationPage.open(page, merchant);
    await expect(d.approved).toHaveText(d.tx('declaration.approved'));
    await expect(d.rows).toHaveCount(1);
    await expect(d.rows.first()).toContainText('01/ĐKTĐ-HĐĐT');
    await expect(d.rows.first()).toContainText(String(new Date().getFullYear()));
    await expect(d.add).toHaveAttribute('href', /minvoice/);
    await expect(d.add).toHaveAttribute('target', '_blank');
    await expectNoAxeViolations(page, 'declarations (vi)', info);
  });

  test('doc 2 §4: a colan copy on MISA is still pending approval (en, 375 px)', async ({ page, sandbox }, info) => {
    test.slow();
    await page.setViewportSize({ width: 375, height: 740 });
    const merchant = await sandbox.createMerchant('colan');
    await setUpEinvoice(await portalApi(sandbox, merchant), merchant, { provider: 'misa' });
    const d = await DeclarationPage.open(page, merchant, 'en');
    await expect(d.approved).toHaveText(d.tx('declaration.pending'));
    await expect(d.rows.first()).toContainText(d.tx('declaration.values.PENDING'));
    await expect(d.rows.first()).toContainText(d.tx('declaration.values.WAITING'));
    await expectNoAxeViolations(page, 'declarations pending (en, 375)', info);
  });

  test('doc 2 §6: without a set-up the page says so and leads to the settings', async ({ page, sandbox }, info) => {
    const merchant = await sandbox.createMerchant();
    const d = await DeclarationPage.open(page, merchant);
    await expect(page.getByRole('alert')).toContainText(d.tx('declaration.notSetUp'));
    await expect(page.getByRole('link', { name: d.tx('declaration.goToSetting') })).toHaveAttribute('href', '/portal/e-inv-setting');
    await expect(d.table).toHaveCount(0);
    await expectNoAxeViolations(page, 'declarations not set up', info);
  });
});
