import { expect, test } from '../support/fixtures';
import { portalApi, type PortalApi } from '../support/einvoice';
import { FLOW_LOOKS, expectReadableAtBothWidths, openInLook, signInInLook } from '../support/looks';
import type { SandboxClient, ThrowawayMerchant } from '../support/sandbox';
import { t, type Lang } from '../support/i18n';
import { formatVnd } from '../../src/rules/vnd';

/** D310, D317 (issue 27 §2): the approvals page, and the owner's approval of a staff member's refund and void. */

const PIN = '482913';
let made = 0;

/** A staff-type user (role Staff) of the throwaway merchant, signed in through the API as well. */
async function staffOf(
  sandbox: SandboxClient,
  merchant: ThrowawayMerchant,
): Promise<{ username: string; password: string; api: PortalApi }> {
  made += 1;
  const username = `e2e.cashier.${process.pid}x${Date.now().toString(36)}x${made}`;
  const password = 'Staff@2026';
  const res = await fetch(`${sandbox.baseURL}/sandbox/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, email: `${username}@merchant.example.vn`, merchant: merchant.merchant_id, role: 'Staff' }),
  });
  expect(res.ok).toBe(true);
  return { username, password, api: await portalApi(sandbox, { username, password }) };
}

/** A guest's order at a table (the sandbox's table-order trigger), as the refund and void specs make theirs. */
async function guestOrder(sandbox: SandboxClient, merchant: ThrowawayMerchant, table: string) {
  const answer = await sandbox.trigger<{
    order: { invoice_data: { order_id: number; invoice_id: number; order_code: string; total_price: number } };
  }>('table-order', { table, merchant: merchant.alias });
  const invoice = answer.order.invoice_data;
  return { orderId: invoice.order_id, invoiceId: invoice.invoice_id, orderCode: invoice.order_code, total: invoice.total_price };
}

async function payInCash(api: PortalApi, invoiceId: number, total: number): Promise<void> {
  const paid = await api.request('POST', '/api/sale/payment/cash', {
    body: { invoice_id: invoiceId, payment_method: 'CASH', receive_amount: total, return_amount: 0 },
    headers: { 'Idempotency-Key': `e2e-cash-${invoiceId}` },
  });
  expect(paid.status).toBe(200);
}

const tx = (lang: Lang, key: string, params: Record<string, string | number> = {}) => t(lang, `approvals:${key}`, params);

test.describe('Issue 27 §2: approvals (D310, D317)', () => {
  test('issue 27 §2, D317: the owner sets the PIN (5 digits refused first), approves a staff void request on /approvals, which is then carried out; the page in vi/en at 1366 and 375 px', async ({
    page,
    sandbox,
  }, info) => {
    test.setTimeout(180_000);
    const merchant = await sandbox.createMerchant();
    const owner = await portalApi(sandbox, merchant);
    const staff = await staffOf(sandbox, merchant);
    const [first, second] = FLOW_LOOKS;
    await signInInLook(page, merchant, '/approvals', first);
    const lang = first.lang;

    // The PIN: five digits are refused beside the field, nothing is sent; six typed twice are set.
    await expect(page.getByTestId('approval-pin-status')).toHaveText(tx(lang, 'pin.notSet'));
    await page.getByTestId('approval-pin-new').fill(PIN.slice(0, 5));
    await page.getByTestId('approval-pin-confirm').fill(PIN.slice(0, 5));
    await page.getByTestId('approval-pin-save').click();
    await expect(page.getByText(tx(lang, 'pin.problems.format', { length: 6 }))).toBeVisible();
    expect((await owner.request('GET', '/api/sale/approval/pin')).body.data.is_set).toBe(false);
    await page.getByTestId('approval-pin-new').fill(PIN);
    await page.getByTestId('approval-pin-confirm').fill(PIN);
    await page.getByTestId('approval-pin-save').click();
    await expect(page.getByTestId('approval-pin-status')).toContainText(tx(lang, 'pin.setSince', { time: '§' }).split('§')[0]!);
    await expect(page.getByTestId('approval-pin-new')).toHaveValue('');
    expect((await owner.request('GET', '/api/sale/approval/pin')).body.data.is_set).toBe(true);

    // A staff member asks to void an order: the request arrives live (approval_updated), and the owner approves it.
    const order = await guestOrder(sandbox, merchant, 'Bàn 5');
    const voidBody = { order_id: order.orderId, reason: 'WRONG_ORDER', note: null };
    const asked = await staff.api.request('PUT', '/api/sale/order/void', {
      body: { ...voidBody, approval_request: true },
      headers: { 'Idempotency-Key': `e2e-ask-${order.orderId}` },
    });
    expect(asked.status).toBe(202);
    const item = page.getByTestId('approval-item').filter({ hasText: order.orderCode });
    await expect(item).toContainText(tx(lang, 'kind.VOID', { code: order.orderCode, amount: formatVnd(order.total) }));
    await expect(item).toContainText(tx(lang, 'reasons.VOID.WRONG_ORDER'));
    await expectReadableAtBothWidths(page, 'approvals, a request waiting', first, info);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: '/tmp/appr-page-vi-375.png', fullPage: true });
    await item.getByTestId('approval-approve').click();
    await expect(page.getByTestId('approval-empty')).toHaveText(tx(lang, 'list.emptyPending'));

    // The staff member's screen carries the void out with the approved request, once.
    const approvalId = asked.body.data.approval_id as number;
    const voided = await staff.api.request('PUT', '/api/sale/order/void', {
      body: { ...voidBody, approval_id: approvalId },
      headers: { 'Idempotency-Key': `e2e-void-${order.orderId}` },
    });
    expect(voided.status).toBe(200);
    expect((await owner.request('GET', `/api/sale/approval/${approvalId}`)).body.data.status).toBe('USED');

    // The other language and width: all requests, the one carried out shown as done.
    await openInLook(page, '/approvals', second);
    await page.getByTestId('approval-filter').getByText(tx(second.lang, 'list.filters.ALL')).click();
    await expect(page.getByTestId('approval-item').filter({ hasText: order.orderCode }).getByTestId('approval-status')).toHaveText(
      tx(second.lang, 'status.USED'),
    );
    await page.screenshot({ path: '/tmp/appr-page-en-375.png', fullPage: true });
    await expectReadableAtBothWidths(page, 'approvals, all requests', second, info);
  });

  test('issue 27 §2, D310: a staff member’s refund is approved with the owner’s PIN on the refund page, once under a double click (en, 375 px)', async ({
    page,
    sandbox,
  }) => {
    test.setTimeout(120_000);
    const merchant = await sandbox.createMerchant();
    const owner = await portalApi(sandbox, merchant);
    expect((await owner.request('PUT', '/api/sale/approval/pin', { body: { pin: PIN } })).status).toBe(200);
    const staff = await staffOf(sandbox, merchant);
    const order = await guestOrder(sandbox, merchant, 'Bàn 7');
    await payInCash(owner, order.invoiceId, order.total);

    const look = { lang: 'en', width: 375 } as const;
    await signInInLook(page, staff, `/sale-refund/${order.invoiceId}`, look);
    const rx = (key: string, params: Record<string, string | number> = {}) => t(look.lang, `refunds:${key}`, params);
    await page.getByRole('radio', { name: rx('form.full') }).check();
    await page.getByRole('combobox', { name: rx('form.reason') }).click();
    await page.getByRole('option', { name: rx('reason.QUALITY') }).click();
    await page.getByTestId('refund-submit').click();
    // The service asks for the owner's approval: the step opens on the same page, the choice kept behind it.
    await expect(page.getByTestId('approval-step')).toBeVisible();
    await page.getByTestId('approval-pin').fill(PIN);
    await page.getByTestId('approval-pin-submit').dblclick();
    await expect(page.getByTestId('refund-done')).toContainText(rx('done.SUCCESS', { amount: formatVnd(order.total) }));
    const refunds = (await owner.request('GET', `/api/sale/payment/refund?invoice_id=${order.invoiceId}`)).body.data.refunds as unknown[];
    expect(refunds).toHaveLength(1);
    await page.screenshot({ path: '/tmp/appr-refund-en-375.png', fullPage: true });
  });
});
