import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { BASE_URL, DEMO, P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { t, type Lang } from '../support/i18n';
import { LOOKS, inEachLook, lookName, openInLook } from '../support/looks';
import { Shell, toastsGone } from '../support/shell';
import { pretendOwner, signIn } from '../support/sign-in';
import { StaffPage, type NewStaffInput } from '../pages/staff';

// Staff (core §2 Business info /staff, /staff/add, /staff/update?id=; §3 Staff; §5 Staff
// rules; §7 /staff; §8 staff toasts and codes; D87 owner only; D96 the e-mail signs in; D97 the
// password travels as its SHA-256 digest). Each test has a throwaway phoco copy of its own (NV003
// has a STAFF ShopQR there, so deleting them is refused with STAFF_LINK_VA).

function newStaff(merchantId: string, password: string): NewStaffInput {
  return {
    staffId: `NV9${merchantId.slice(-3)}`,
    fullName: 'Nguyễn Thị Hồng',
    phone: `+84 98${merchantId.slice(-7)}`,
    email: `hong.${merchantId}@staff.example.vn`,
    store: 'Phố Cổ - Tràng Tiền',
    address: '12 Hàng Bạc, Hà Nội',
    password,
  };
}

/** Signs in in a browser context of its own (another person on another computer). */
async function asSomeoneElse(browser: Browser, creds: { username: string; password: string }, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  // signIn stores the language too.
  await signIn(page, creds, { lang });
  return page;
}

async function signInEnglish(page: Page, creds: { username: string; password: string }): Promise<void> {
  await signIn(page, creds, { lang: 'en' });
}

/** What the portal's sign-in call answers for these credentials (status only). */
async function loginStatus(username: string, password: string): Promise<number> {
  const res = await fetch(`${BASE_URL}/api/portal/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return res.status;
}

test.describe('Issue 11: staff (/staff)', () => {
  test('core §5, §7, D96: the owner adds "Nguyễn Thị Hồng" after the form refuses digits, a landline and a short password; she signs in and is a staff-type user', async ({
    page,
    sandbox,
    browser,
  }, testInfo) => {
    const merchant = await sandbox.createMerchant();
    await signIn(page, merchant);
    const s = await StaffPage.open(page);
    await expect(s.rows).toHaveCount(4);
    await expectNoAxeViolations(page, 'staff-list', testInfo);

    const staff = newStaff(merchant.merchant_id, 'Hồng@2026');
    await s.openAdd();
    test.setTimeout(120_000);
    await s.fillAdd({ ...staff, fullName: 'Nguyễn Thị Hồng 2', phone: '0212345678', password: '12345' });
    await s.submitAdd.click();
    await expect(s.message('staff_name_invalid')).toBeVisible();
    await expect(s.message('staff_phone_invalid')).toHaveText('Số điện thoại không hợp lệ');
    await expect(s.message('staff_pw_6char')).toBeVisible();
    await expect(s.fullName).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'staff-add-errors', testInfo);
    // Nothing typed is lost, and the corrected values pass.
    await expect(s.email).toHaveValue(staff.email);
    await s.fullName.fill(staff.fullName);
    await s.phone.fill(staff.phone);
    await s.password.fill(staff.password);
    await expect(s.message('staff_name_invalid')).toHaveCount(0);
    await expect(s.message('staff_phone_invalid')).toHaveCount(0);
    await s.submitAdd.click();
    await expect(page).toHaveURL(/\/portal\/staff$/, { timeout: 15_000 });
    const row = s.rowOf(staff.email);
    await expect(row).toContainText('Nguyễn Thị Hồng');
    await expect(row).toContainText(`098${merchant.merchant_id.slice(-7)}`);
    await expect(row).toContainText(staff.store);

    // A second add with the same e-mail is refused by the server, the form kept, the toast titled.
    await s.openAdd();
    await s.fillAdd({ ...staff, staffId: 'NV998', phone: '0977000111' });
    await s.submitAdd.click();
    await expect(s.submitError).toContainText(t('vi', 'errors:EMAIL_IS_EXIST'));
    await expect(page.getByText(s.tx('form.addFailTitle'), { exact: true })).toBeVisible();
    await expect(s.staffId).toHaveValue('NV998');

    const herPage = await asSomeoneElse(browser, { username: staff.email, password: staff.password }, 'vi');
    await herPage.goto(P('/staff'));
    const hers = new StaffPage(herPage);
    await expect(hers.ownerOnly).toContainText(t('vi', 'common:ownerOnly.page'));
    await expect(hers.table).toHaveCount(0);
    await expectNoAxeViolations(herPage, 'staff-owner-only', testInfo);

    // core §6: her menu has no staff or store entry.
    const herShell = new Shell(herPage);
    await herShell.nav.getByRole('button', { name: t('vi', 'shell:nav.businessInfo.business') }).click();
    await expect(herShell.menuLink('profile.business')).toBeVisible();
    await expect(herShell.menuLink('staff')).toHaveCount(0);
    await expect(herShell.menuLink('store')).toHaveCount(0);

    // Forcing the call (a tab that still believes she is the owner): the service refuses, the screen says why.
    await pretendOwner(herPage);
    await herPage.reload();
    await expect(hers.heading).toBeVisible({ timeout: 15_000 });
    await expect(herPage.getByText(t('vi', 'errors:PERMISSION_DENY'))).toBeVisible({ timeout: 15_000 });
    await expect(hers.rows).toHaveCount(0);
    await herPage.context().close();
  });

  test('core §5 (375 px, English): the owner changes a staff password with the current one; a wrong current one is refused; she signs in with the new one only', async ({
    page,
    sandbox,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 375, height: 812 });
    const merchant = await sandbox.createMerchant();
    await signInEnglish(page, merchant);
    const s = await StaffPage.open(page, 'en');
    const staff = newStaff(merchant.merchant_id, 'First#1');
    await s.addStaff(staff);
    await toastsGone(page);
    await expectNoAxeViolations(page, 'staff-list-mobile-en', testInfo);

    await s.editButton(staff.fullName, staff.staffId).click();
    await expect(page).toHaveURL(/\/portal\/staff\/update\?id=\d+$/);
    await expect(s.editForm).toBeVisible();
    // core §5: id and e-mail cannot be changed.
    await expect(s.staffId).toHaveAttribute('readonly', '');
    await expect(s.email).toHaveAttribute('readonly', '');
    await expect(s.email).toHaveValue(staff.email);
    await s.fullName.fill('');
    await s.save.click();
    await expect(s.message('staff_name_empty')).toHaveText('The name cannot be blank');
    await s.fullName.fill('Nguyễn Thị Hồng Nhung');
    await s.passwordToggle.check();
    await s.oldPassword.fill('not-it-1');
    await s.newPassword.fill('Second#2');
    await expectNoAxeViolations(page, 'staff-edit-mobile-en', testInfo);
    await s.save.click();
    await expect(s.submitError).toContainText('The current password is incorrect.');
    await expect(page.getByText(s.tx('form.editFailTitle'), { exact: true })).toBeVisible();
    await expect(s.newPassword).toHaveValue('Second#2');
    await s.oldPassword.fill(staff.password);
    await s.save.click();
    await expect(page).toHaveURL(/\/portal\/staff$/, { timeout: 15_000 });
    await expect(s.rowOf(staff.email)).toContainText('Nguyễn Thị Hồng Nhung');

    expect(await loginStatus(staff.email, staff.password)).toBe(401);
    const herPage = await asSomeoneElse(browser, { username: staff.email, password: 'Second#2' }, 'en');
    await herPage.goto(P('/staff'));
    await expect(new StaffPage(herPage, 'en').ownerOnly).toContainText(t('en', 'common:ownerOnly.page'));
    await herPage.context().close();
  });

  test('core §7, §8 (375 px): delete asks first, removes the staff member and their sign-in; one with a ShopQR is refused with STAFF_LINK_VA naming them', async ({
    page,
    sandbox,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 375, height: 812 });
    const merchant = await sandbox.createMerchant();
    await signIn(page, merchant);
    const s = await StaffPage.open(page);
    const staff = newStaff(merchant.merchant_id, 'Gone#123');
    await s.addStaff(staff);
    expect(await loginStatus(staff.email, staff.password)).toBe(200);

    await toastsGone(page);
    await s.deleteButton(staff.fullName, staff.staffId).click();
    await expect(s.deleteDialog).toContainText(staff.fullName);
    await expectNoAxeViolations(page, 'staff-delete-dialog', testInfo);
    await s.deleteConfirm.click();
    await expect(s.deleteDialog).toBeHidden();
    await expect(page.getByText(s.tx('delete.successBody', { name: staff.fullName }))).toBeVisible();
    await expect(s.rowOf(staff.email)).toHaveCount(0);
    expect(await loginStatus(staff.email, staff.password)).toBe(401);

    await s.deleteButton('Vũ Ngọc Ánh', 'NV003').click();
    await s.deleteConfirm.click();
    await expect(page.getByText(s.tx('delete.failTitle'), { exact: true })).toBeVisible();
    await expect(page.getByText('Nhân viên Vũ Ngọc Ánh', { exact: false }).first()).toBeVisible();
    await expect(s.rowOf('NV003')).toHaveCount(1);
  });

  test('D87: a seeded staff-type user gets the owner-only page at /staff and its sub-pages', async ({ page }, testInfo) => {
    await signIn(page, { username: 'phoco.staff', password: 'Staff@2026' });
    for (const path of ['/staff', '/staff/add', '/staff/update?id=1']) {
      await page.goto(P(path));
      await expect(new StaffPage(page).ownerOnly).toBeVisible();
    }
    await expectNoAxeViolations(page, 'staff-owner-only-seeded', testInfo);
  });

  test('core §1, WCAG 2.2 AA: the list, the add form with its messages and the edit form are axe clean in vi and en, at desktop and 375 px', async ({
    page,
  }, testInfo) => {
    test.slow();
    await inEachLook(page, DEMO.phoco, LOOKS, '/staff', async (look) => {
      const s = new StaffPage(page, look.lang);
      await expect(s.skeletons).toHaveCount(0, { timeout: 15_000 });
      await expect(s.rows.first()).toBeVisible();
      await expectNoAxeViolations(page, `staff list (${lookName(look)})`, testInfo);
      await openInLook(page, '/staff/add', look);
      await expect(s.addForm).toBeVisible();
      // Add with nothing typed: the messages show and nothing is sent.
      await s.submitAdd.click();
      await expect(s.message('required').first()).toBeVisible();
      await expectNoAxeViolations(page, `staff add form with messages (${lookName(look)})`, testInfo);
      await openInLook(page, '/staff', look);
      await s.rows.first().getByRole('link').first().click();
      await expect(s.editForm).toBeVisible();
      await expectNoAxeViolations(page, `staff edit form (${lookName(look)})`, testInfo);
    });
  });
});
