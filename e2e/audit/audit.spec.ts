import * as XLSX from 'xlsx';
import { expectNoAxeViolations } from '../support/axe';
import { BASE_URL, P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import { REVIEW_LOOKS, inEachLook, lookName } from '../support/looks';

// audit area: /audit-log (D299 what is recorded, D300 page, filters and export).

test.describe('issue 27 §6: the audit log', () => {
  test('issue 27 §6, D300: a change is in the log with before → after, filtered in the address bar and exported; axe clean in every look', async ({
    page,
    sandbox,
  }, info) => {
    test.slow();
    const merchant = await sandbox.createMerchant();
    // A payment-settings save through the service, as the e-order setup page sends it.
    const login = await (
      await fetch(`${BASE_URL}/api/portal/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: merchant.username, password: merchant.password }),
      })
    ).json();
    const saved = await fetch(`${BASE_URL}/api/checkout/payment-method`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.access_token}` },
      body: JSON.stringify({
        redirect_url: 'https://phoco.example.vn/ok',
        cancel_url: 'https://phoco.example.vn/cancel',
        ipn_url: 'https://phoco.example.vn/ipn',
        data: [
          {
            id: 1,
            data: { url: 'https://wallet.example.vn/pay', access_key: 'ACCESSKEY123', secret_key: 'SECRETKEY456', partner_code: 'PHOCO01' },
          },
          { id: 2, data: { channel_id: 'POS-01' } },
        ],
      }),
    });
    expect(saved.status).toBe(200);
    // D319: a drawer opened and counted through the sale service (the count and the close are one entry).
    const sale = (path: string, body: unknown, key: string) =>
      fetch(`${BASE_URL}/api/sale${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.access_token}`, 'idempotency-key': key },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    const stores = await (
      await fetch(`${BASE_URL}/api/portal/metadata/store?page_size=5`, { headers: { authorization: `Bearer ${login.data.access_token}` } })
    ).json();
    const shift = await sale('/shift', { store_id: stores.data[0].id, float_amount: 200_000 }, `audit-e2e-open-${merchant.username}`);
    const closed = await sale(`/shift/${shift.data.shift_id}/close`, { counts: { '200000': 1 } }, `audit-e2e-close-${merchant.username}`);
    expect(closed.data.status).toBe('CLOSED');

    await inEachLook(page, merchant, REVIEW_LOOKS, '/audit-log?action=payment.settings.save', async (look) => {
      const table = page.getByTestId('audit-table');
      const row = table.getByRole('row').filter({ hasText: t(look.lang, 'audit:action.payment_settings_save') });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('https://phoco.example.vn/ok');
      await expect(row).toContainText(
        `${t(look.lang, 'audit:field.ewallet_keys_changed')}: ${t(look.lang, 'audit:no')} → ${t(look.lang, 'audit:yes')}`,
      );
      await expect(row).not.toContainText('KEY123');
      await expect(page.getByTestId('audit-action-filter')).toHaveValue(t(look.lang, 'audit:action.payment_settings_save'));
      await expectNoAxeViolations(page, `audit log (${lookName(look)})`, info);
      if (look !== REVIEW_LOOKS[0]) return;
      await page.screenshot({ path: `/tmp/audit-${look.lang}-${look.width}.png`, fullPage: true });

      // The export is of the same filter: its rows are the list's.
      const download = page.waitForEvent('download');
      await page.getByTestId('audit-export').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
      const book = XLSX.read(await (await file.createReadStream()).toArray().then((parts) => Buffer.concat(parts)), { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
      expect(rows).toHaveLength(2);
      expect(rows[1]![4]).toBe(t('vi', 'audit:action.payment_settings_save'));
      expect(rows[1]![7]).toContain('redirect_url: https://phoco.example.vn/ok');
      expect(rows[1]![7]).toContain('ewallet_keys_changed: có');
      expect(JSON.stringify(rows)).not.toContain('KEY123');
    });
    await page.screenshot({ path: '/tmp/audit-en-375.png', fullPage: true });
    // D319: the drawer count is in the log too, what was counted (the last look: English).
    await page.goto(P('/audit-log?action=shift.close'));
    const count = page
      .getByTestId('audit-table')
      .getByRole('row')
      .filter({ hasText: t('en', 'audit:action.shift_close') });
    await expect(count).toContainText(`${t('en', 'audit:field.counted')}: ${t('en', 'audit:list.emptyValue')} → 200000`);
  });
});
