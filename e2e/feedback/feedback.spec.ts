import type { Request } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { LOOKS, inEachLook } from '../support/looks';
import { expect, test } from '../support/fixtures';
import { switchLanguage } from '../support/shell';
import { FeedbackPage, jpegBytes, oversizedPng, pngBytes } from '../pages/feedback';

// Feedback (core §2 /feedback/{tab}, create and update; §3 Feedback; §4 the button is
// disabled while sending; §5 rules and the three image messages; §7 /feedback; §8 toasts). Each test has
// a throwaway phoco copy: two CHECK reports, one EDC and one OTHER, each with one image.

const feedbackWrites = (request: Request) => /\/api\/portal\/feedback$/.test(new URL(request.url()).pathname) && request.method() !== 'GET';

test.describe('Issue 11: feedback (/feedback)', () => {
  test('core §2, §5, §7: creates EDC feedback with two images, sees them in the detail, edits it removing one', async ({
    page,
    sandbox,
  }) => {
    const f = await FeedbackPage.open(page, await sandbox.createMerchant(), 'edc');
    await expect(f.rows).toHaveCount(1);
    await f.add.click();
    await expect(page).toHaveURL(/\/portal\/feedback\/create\/edc$/);
    await expect(f.form('EDC')).toBeVisible({ timeout: 15_000 });
    await f.pickStore('Hàng Bạc');
    await f.pick(f.content, f.tx('content.CARD'));
    await f.pick(f.serial, /^1850/);
    const description = 'Máy không đọc được thẻ <b>chip</b>';
    await f.description.fill(description);
    await f.addFiles([
      { name: 'may-pos.png', mimeType: 'image/png', buffer: pngBytes(16) },
      { name: 'hoa-don.jpg', mimeType: 'image/jpeg', buffer: await jpegBytes(page) },
    ]);
    await expect(f.images).toHaveCount(2);
    await expect(f.images.first().locator('img')).toHaveAttribute('src', /^blob:/);
    const posted = page.waitForRequest((r) => feedbackWrites(r) && r.method() === 'POST');
    await f.submit().click();
    expect((await posted).headers()['content-type']).toContain('multipart/form-data');
    await expect(page).toHaveURL(/\/portal\/feedback\/edc$/, { timeout: 15_000 });
    await expect(page.getByText(f.tx('toast.addedTitle'), { exact: true })).toBeVisible();
    await f.settled();
    await expect(f.rows).toHaveCount(2);
    // Newest first; the description is text, not markup.
    const row = f.rows.first();
    await expect(row).toContainText(description);
    await expect(row).toContainText(f.tx('content.CARD'));

    await f.rowButton(row, 'detail').click();
    await expect(f.detailDialog.locator('img')).toHaveCount(2, { timeout: 15_000 });
    await expect(f.detailDialog.locator('img').first()).toHaveAttribute('src', /^blob:/);
    await f.detailDialog
      .getByRole('button', { name: f.tx('detail.close') })
      .last()
      .click();

    await f.rowButton(row, 'edit').click();
    await expect(page).toHaveURL(/\/portal\/feedback\/update\/edc\/\d+$/);
    await expect(f.form('EDC', 'update')).toBeVisible({ timeout: 15_000 });
    await expect(f.description).toHaveValue(description);
    await expect(f.images).toHaveCount(2);
    await page.getByRole('button', { name: f.tx('form.remove', { n: 2 }) }).click();
    await expect(f.images).toHaveCount(1);
    const put = page.waitForRequest((r) => feedbackWrites(r) && r.method() === 'PUT');
    await f.submit('update').click();
    const body = (await put).postDataJSON() as { old_images: string[]; images: string[] };
    expect(body.old_images).toHaveLength(1);
    expect(body.images).toEqual([]);
    await expect(page.getByText(f.tx('toast.editedTitle'), { exact: true })).toBeVisible({ timeout: 15_000 });
    await f.settled();
    await f.rowButton(f.rows.first(), 'detail').click();
    await expect(f.detailDialog.locator('img')).toHaveCount(1, { timeout: 15_000 });
  });

  test('core §5: an oversized image and a renamed non-image are refused before upload; no image at all is asked for', async ({
    page,
    sandbox,
  }) => {
    const f = await FeedbackPage.open(page, await sandbox.createMerchant());
    const writes: string[] = [];
    page.on('request', (r) => feedbackWrites(r) && writes.push(r.method()));
    await f.add.click();
    await expect(f.form('CHECK')).toBeVisible({ timeout: 15_000 });
    // CHECK has no card machine field.
    await expect(f.serial).toHaveCount(0);
    await f.submit().click();
    await expect(f.imageMessages).toContainText(f.tx('errors.imageMissing'));
    await expect(f.form('CHECK')).toContainText(f.tx('errors.store'));
    await expect(f.form('CHECK')).toContainText(f.tx('errors.content'));
    await expect(f.form('CHECK')).toContainText(f.tx('errors.description'));
    await f.addFiles([
      { name: 'qua-lon.png', mimeType: 'image/png', buffer: oversizedPng(102_401) },
      { name: 'ghi-chu.png', mimeType: 'image/png', buffer: Buffer.from('đây là văn bản, không phải hình') },
    ]);
    await expect(f.imageMessages).toContainText(`qua-lon.png: ${f.tx('errors.imageSize')}`);
    await expect(f.imageMessages).toContainText(`ghi-chu.png: ${f.tx('errors.imageFormat')}`);
    await expect(f.images).toHaveCount(0);
    // Exactly the limit is accepted; what was typed stays.
    await f.description.fill('Giao dịch bị trừ tiền hai lần');
    await f.addFiles([{ name: 'dung-gioi-han.png', mimeType: 'image/png', buffer: oversizedPng(102_400) }]);
    await expect(f.images).toHaveCount(1);
    await expect(f.imageMessages).not.toContainText(f.tx('errors.imageSize'));
    await expect(f.description).toHaveValue('Giao dịch bị trừ tiền hai lần');
    expect(writes).toEqual([]);
  });

  test('core §2: deletes a report after confirmation; cancelling keeps it', async ({ page, sandbox }) => {
    const f = await FeedbackPage.open(page, await sandbox.createMerchant());
    await expect(f.rows).toHaveCount(2);
    const first = f.rows.first();
    const text = await first.innerText();
    await f.rowButton(first, 'delete').click();
    await expect(f.deleteDialog).toBeVisible();
    await f.deleteDialog.getByRole('button', { name: f.tx('delete.cancel'), exact: true }).click();
    await expect(f.deleteDialog).toBeHidden();
    await expect(f.rows).toHaveCount(2);
    await f.rowButton(first, 'delete').click();
    await f.deleteDialog.getByRole('button', { name: f.tx('delete.confirm'), exact: true }).click();
    await expect(page.getByText(f.tx('delete.successTitle'), { exact: true })).toBeVisible();
    await expect(f.rows).toHaveCount(1);
    await expect(f.rows.first()).not.toHaveText(text);
  });

  test('English at 375 px: the tabs live in the address; the form’s messages read in English', async ({ page, sandbox }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await FeedbackPage.open(page, await sandbox.createMerchant());
    await switchLanguage(page, 'en');
    const f = new FeedbackPage(page, 'en');
    await expect(f.heading).toBeVisible();
    await f.tab('OTHER').click();
    await expect(page).toHaveURL(/\/portal\/feedback\/other$/);
    await f.settled();
    await expect(f.rows).toHaveCount(1);
    await expect(f.tab('OTHER')).toHaveAttribute('aria-current', 'page');
    await page.goBack();
    await expect(page).toHaveURL(/\/portal\/feedback\/check$/);
    await expect(f.rows).toHaveCount(2);
    await f.tab('OTHER').click();
    await f.add.click();
    await expect(f.form('OTHER')).toBeVisible({ timeout: 15_000 });
    // OTHER asks for no problem type but for a card machine.
    await expect(f.content).toHaveCount(0);
    await expect(f.serial).toBeVisible();
    await f.addFiles([{ name: 'note.png', mimeType: 'image/png', buffer: Buffer.from('plain text') }]);
    await expect(f.imageMessages).toContainText(`note.png: ${f.tx('errors.imageFormat')}`);
    await f.submit().click();
    await expect(f.form('OTHER')).toContainText(f.tx('errors.serial'));
    await expect(f.imageMessages).toContainText(f.tx('errors.imageMissing'));
  });

  test('accessibility (vi and en, 1280 and 375 px): axe finds nothing on the list, the form with messages and the detail', async ({
    page,
    sandbox,
  }, testInfo) => {
    test.slow();
    await inEachLook(page, await sandbox.createMerchant(), LOOKS, '/feedback/edc', async ({ lang, width }) => {
      const f = new FeedbackPage(page, lang);
      await expect(f.heading).toBeVisible();
      await f.settled();
      await expect(f.rows).toHaveCount(1);
      await expectNoAxeViolations(page, `feedback list ${lang} ${width}`, testInfo);
      await f.rowButton(f.rows.first(), 'detail').click();
      await expect(f.detailDialog.locator('img')).toHaveCount(1, { timeout: 15_000 });
      await expectNoAxeViolations(page, `feedback detail ${lang} ${width}`, testInfo);
      await f.detailDialog
        .getByRole('button', { name: f.tx('detail.close') })
        .last()
        .click();
      await f.add.click();
      await expect(f.form('EDC')).toBeVisible({ timeout: 15_000 });
      await f.addFiles([{ name: 'big.png', mimeType: 'image/png', buffer: oversizedPng(150_000) }]);
      await f.addFiles([{ name: 'ok.png', mimeType: 'image/png', buffer: pngBytes() }]);
      await expect(f.images).toHaveCount(1);
      await f.submit().click();
      await expect(f.form('EDC')).toContainText(f.tx('errors.serial'));
      await expectNoAxeViolations(page, `feedback form ${lang} ${width}`, testInfo);
    });
  });
});
