import { P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { switchLanguage } from '../support/shell';
import { ProductsPage } from '../pages/products';
import { periodFor, REPO_VAT_RATES_INPUT, vatRateTableSchema, type TaxClass } from '../../src/rules/vatRates';

// D226: each product has a VAT tax class, chosen on the product form, whose rate of the
// day the choices show from the dated table of config.json (the sandbox serves the repository's).

const table = vatRateTableSchema.parse(REPO_VAT_RATES_INPUT);

/** The option's words as the form draws them today: name, then the rate and, for a cut, its last day. */
function optionLabel(p: ProductsPage, taxClass: TaxClass): string {
  const period = periodFor(table, taxClass, Date.now());
  const until = period.to === null ? null : period.to.split('-').reverse().join('/');
  const rate = until === null ? period.rate : p.tx('form.taxRateUntil', { rate: period.rate, until });
  return p.tx('form.taxClassOption', { name: p.tx(`taxClass.${taxClass}`), rate });
}

for (const lang of ['vi', 'en'] as const) {
  test(`issue 25 §1 (${lang}): a product's tax class is chosen on the form, shown in the list and read back after a reload`, async ({
    page,
    sandbox,
  }) => {
    const merchant = await sandbox.createMerchant();
    const start = await ProductsPage.open(page, merchant, '/sale-product/create');
    if (lang === 'en') await switchLanguage(page, 'en');
    const p = lang === 'en' ? new ProductsPage(page, 'en') : start;
    await expect(p.formHeading).toHaveText(p.tx('form.createTitle'), { timeout: 15_000 });
    // A new product starts in the reduced class, its rate of today read from the table.
    await expect(p.taxClass).toHaveValue(optionLabel(p, 'REDUCED_ELIGIBLE'));
    await p.name.fill('Rượu nếp cẩm');
    await p.code.fill('RNC01');
    await p.price.fill('45000');
    await p.chooseTaxClass(optionLabel(p, 'STANDARD'));
    await expect(page.getByText(p.tx('taxClassHelp.STANDARD'), { exact: false })).toBeVisible();
    await p.save.click();

    await expect(page).toHaveURL(new RegExp(`${P('/sale-product')}$`));
    await p.waitForRows();
    const row = p.rowOf('Rượu nếp cẩm');
    await expect(row).toContainText(p.tx('taxClass.STANDARD'));
    await expect(row).toContainText(periodFor(table, 'STANDARD', Date.now()).rate);

    await p.editLink('Rượu nếp cẩm').click();
    await expect(page).toHaveURL(new RegExp(`${P('/sale-product/update')}\\?id=RNC01$`));
    await page.reload();
    await expect(p.name).toHaveValue('Rượu nếp cẩm', { timeout: 15_000 });
    await expect(p.taxClass).toHaveValue(optionLabel(p, 'STANDARD'));
    // Another class saved from the edit form is what the product has after a reload too.
    await p.chooseTaxClass(optionLabel(p, 'SUGARY_DRINK'));
    await p.save.click();
    await expect(p.savedNote).toBeVisible();
    await page.goto(P('/sale-product/update?id=RNC01'));
    await expect(p.name).toHaveValue('Rượu nếp cẩm', { timeout: 15_000 });
    await expect(p.taxClass).toHaveValue(optionLabel(p, 'SUGARY_DRINK'));
  });
}
