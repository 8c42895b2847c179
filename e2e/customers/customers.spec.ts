import { expectNoAxeViolations } from '../support/axe';
import { DEMO, P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { LOOKS, inEachLook, lookName } from '../support/looks';
import { CustomersPage } from '../pages/customers';

// Customers area: /sale-customer, /sale-customer/create, /sale-customer/update?id= (doc 2 §2,
// §3 Customer, §5 name and phone required, §7 /customer, §9 800 ms search). Every test uses a throwaway
// copy of phoco of its own (12 seeded customers with points and spending).

test.describe('Issue 12: customers', () => {
  test('doc 2 §5, §7: create a customer with an address, find it without accents, edit it, a taken phone keeps what was typed', async ({
    page,
    sandbox,
  }, info) => {
    test.slow();
    const merchant = await sandbox.createMerchant();
    const c = await CustomersPage.open(page, merchant);
    await c.waitForRows();
    await expect(c.rows).toHaveCount(10);
    await expectNoAxeViolations(page, 'customer list', info);

    await c.addButton.click();
    await expect(page).toHaveURL(new RegExp(`${P('/sale-customer/create')}$`));
    await expect(c.createHeading).toBeVisible();
    // D239: province, then ward; no district picker.
    await expect(c.district).toHaveCount(0);
    await expect(c.ward).toBeDisabled();
    await c.save.click();
    await expect(page.getByText(c.tx('validation.required'))).toHaveCount(2);
    await c.name.fill('Trần Thị Phở');
    await c.phone.fill('+84 977 123 456');
    await c.choose(c.city, 'ha noi', 'Thành phố Hà Nội');
    await c.choose(c.ward, 'hoan kiem', 'Phường Hoàn Kiếm');
    await c.address.fill('36 Hàng Bạc');
    await expectNoAxeViolations(page, 'customer create form', info);
    await c.save.click();

    await expect(page).toHaveURL(new RegExp(`${P('/sale-customer')}$`));
    await expect(c.text(c.tx('form.createdTitle'))).toBeVisible();
    const row = c.rowOf('Trần Thị Phở');
    await expect(row).toContainText('0977123456');
    await expect(row).toContainText('36 Hàng Bạc, Phường Hoàn Kiếm, Thành phố Hà Nội');

    // doc 2 §9: the search applies after the typing stops, on the server, accents optional; q is in the address.
    await c.search.fill('tran thi pho');
    await expect(page).toHaveURL(/[?&]q=tran\+thi\+pho/);
    await expect(c.rows).toHaveCount(1);
    await page.reload();
    await c.waitForRows();
    await expect(c.search).toHaveValue('tran thi pho');
    await expect(c.rows).toHaveCount(1);

    await c.editLink('Trần Thị Phở').click();
    await expect(c.editHeading).toBeVisible();
    await expect(c.summary).toContainText('KH');
    await expect(c.name).toHaveValue('Trần Thị Phở');
    await expect(c.ward).toHaveValue('Phường Hoàn Kiếm');
    // A phone another customer has (the oldest seeded one): refused, everything typed stays.
    const takenPhone = '0912340000';
    await c.name.fill('Trần Thị Phở Hà');
    await c.phone.fill(takenPhone);
    await c.save.click();
    await expect(c.saveError).toContainText(/./);
    await expect(c.name).toHaveValue('Trần Thị Phở Hà');
    await expect(c.phone).toHaveValue(takenPhone);
    await expectNoAxeViolations(page, 'customer edit form with a refusal', info);

    await c.phone.fill('0977 123 457');
    await c.save.click();
    await expect(c.text(c.tx('form.updatedTitle'))).toBeVisible();
    // Back to the list as it was left (its search kept).
    await expect(page).toHaveURL(/[?&]q=tran\+thi\+pho/);
    await expect(c.rowOf('Trần Thị Phở Hà')).toContainText('0977123457');
  });

  test("issue 25 §7: a customer saved on the old list shows where it is today, and an edit asks for today's ward", async ({
    page,
    sandbox,
  }, info) => {
    const merchant = await sandbox.createMerchant();
    const c = await CustomersPage.open(page, merchant);
    await c.waitForRows();
    // The seeded copy has Bình Dương addresses saved before 1 July 2025 (now part of Hồ Chí Minh City).
    const old = c.rows.filter({ hasText: 'Tỉnh Bình Dương' }).first();
    await expect(old).toContainText(c.tx('list.nowIn', { province: 'Thành phố Hồ Chí Minh' }));
    const rowText = (await old.textContent()) ?? '';
    const name = ((await old.getByRole('rowheader').textContent()) ?? '').trim();
    await old.getByRole('link').click();
    await expect(c.editHeading).toBeVisible();
    // The form shows the address as saved (the same text the list shows) and where it is today.
    const notice = page.getByTestId('customer-legacy-address');
    await expect(notice).toContainText('Phường Phú Cường, Thành phố Thủ Dầu Một, Tỉnh Bình Dương');
    await expect(notice).toContainText('Thành phố Hồ Chí Minh');
    const saved = /(\d+ [^:]*, Tỉnh Bình Dương)/.exec((await notice.textContent()) ?? '')?.[1] ?? '(none)';
    expect(rowText).toContain(saved);
    await expect(c.city).toHaveValue('Thành phố Hồ Chí Minh');
    // Today's ward is to choose: the optional picker reads "not chosen".
    await expect(c.ward).toHaveValue(c.tx('form.notChosen'));
    await c.save.click();
    await expect(page.getByText(c.tx('form.legacyWardRequired'))).toBeVisible();
    await expectNoAxeViolations(page, 'customer edit form, old address', info);
    await c.choose(c.ward, 'thu dau mot', 'Phường Thủ Dầu Một');
    await c.save.click();
    await expect(c.text(c.tx('form.updatedTitle'))).toBeVisible();
    await c.waitForRows();
    const edited = c.rowOf(name);
    await expect(edited).toContainText('Phường Thủ Dầu Một, Thành phố Hồ Chí Minh');
    await expect(edited).not.toContainText('Tỉnh Bình Dương');
    await expect(edited.getByTestId('address-now-in')).toHaveCount(0);
  });

  test('D110: a staff-type user sees the customers and may open the forms', async ({ page }) => {
    // Reads only: the seeded phoco and colan are shared by every test.
    const c = await CustomersPage.open(page, DEMO.staff);
    await c.waitForRows();
    await expect(c.rows).toHaveCount(10);
    await expect(page.getByTestId('owner-only-note')).toHaveCount(0);
    await expect(c.addButton).toBeVisible();
    await c.rows.first().getByRole('link').click();
    await expect(c.editHeading).toBeVisible();
    await expect(c.save).toBeEnabled();
  });

  test('doc 2 §2, §9: a grocery has several pages; a page in the address survives a reload', async ({ page }) => {
    const g = await CustomersPage.open(page, DEMO.colan, '/sale-customer?page=2');
    await g.waitForRows();
    await expect(g.rows).toHaveCount(10);
    const first = (await g.rows.first().textContent()) ?? '';
    await page.reload();
    await g.waitForRows();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(g.rows.first()).toHaveText(first);
  });

  test('doc 2 §2: list, create and edit forms are axe clean (vi and en, 1280 and 375 px)', async ({ page, sandbox }, info) => {
    test.slow();
    const merchant = await sandbox.createMerchant();
    await inEachLook(page, merchant, LOOKS, '/sale-customer', async (look) => {
      const c = new CustomersPage(page, look.lang);
      await c.waitForRows();
      await expect(c.table.getByRole('columnheader', { name: c.tx('list.columns.point') })).toBeVisible();
      await expectNoAxeViolations(page, `customer list (${lookName(look)})`, info);
      await c.addButton.click();
      await expect(c.createHeading).toBeVisible();
      await c.choose(c.city, 'da nang', 'Thành phố Đà Nẵng');
      await expectNoAxeViolations(page, `customer create form (${lookName(look)})`, info);
      await page.goBack();
      await c.waitForRows();
      await c.rows.first().getByRole('link').click();
      await expect(c.editHeading).toBeVisible();
      await expect(c.summary).toBeVisible();
      await expectNoAxeViolations(page, `customer edit form (${lookName(look)})`, info);
    });
  });
});
