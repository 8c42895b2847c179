// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EINV_PASSWORD } from '../../core/accounts';
import { t, FPT, freshMerchant, invoice, create, fault, billOf, useFptFixture } from './fpt.fixture';

useFptFixture();

describe('FPT eInvoice: faults, tokens and hostile input', () => {
  it('down: every call of that merchant answers 503, sign-in included; others are not touched', async () => {
    const m = await freshMerchant();
    const other = await freshMerchant();
    await fault(m, 'down');
    const calls = [
      await t.api('GET', `${FPT}/serials`, { token: m.token }),
      await create(m, invoice(m)),
      await t.api('POST', `${FPT}/signin`, { body: { username: m.username, password: EINV_PASSWORD } }),
      await t.api('GET', `${FPT}/search-invoice`, { token: m.token }),
    ];
    expect(calls.map((r) => [r.status, r.body.error])).toEqual(Array(4).fill([503, 'SERVICE_UNAVAILABLE']));
    expect((await t.api('GET', `${FPT}/serials`, { token: other.token })).status).toBe(200);
    await fault(m, 'down', { off: 'true' });
    expect((await t.api('GET', `${FPT}/serials`, { token: m.token })).status).toBe(200);
  });

  it('an expired token answers 401 TOKEN_EXPIRED, an unknown one 401 UNAUTHORIZED', async () => {
    const m = await freshMerchant();
    expect((await t.api('POST', '/sandbox/triggers/einvoice-expire-tokens', { body: { provider: 'fpt', merchant: m.id } })).status).toBe(
      200,
    );
    const expired = await t.api('GET', `${FPT}/serials`, { token: m.token });
    expect([expired.status, expired.body.error]).toEqual([401, 'TOKEN_EXPIRED']);
    const unknown = await t.api('GET', `${FPT}/serials`, { token: 'x'.repeat(43) });
    expect([unknown.status, unknown.body.error]).toEqual([401, 'UNAUTHORIZED']);
    // A portal session token is not an FPT token.
    const portal = await t.login('phoco', 'Phoco@2026');
    expect((await t.api('GET', `${FPT}/serials`, { token: portal.access_token })).status).toBe(401);
  });

  it('walks every FPT route with overflowing, long, odd and mistyped values: 4xx in FPT shape, never a 500', async () => {
    const m = await freshMerchant();
    // The SSO authorize step under the same prefix is the product backend's (backend/sso.ts), tested there.
    const routes = t.sandbox.routes.filter((r) => r.url.startsWith(`${FPT}/`) && !r.url.includes('/sso/'));
    expect(routes.length).toBeGreaterThanOrEqual(8);
    const names = [
      'stax',
      'sid',
      'serial',
      'seq',
      'form',
      'type',
      'fd',
      'td',
      'page',
      'page_size',
      'released',
      'q',
      'username',
      'password',
      'inv',
      'user',
      'lang',
    ];
    const values: unknown[] = [
      '2147483648',
      '-1',
      '1e400',
      '9'.repeat(40),
      1e300,
      -(2 ** 63),
      'x'.repeat(10_000),
      [{ a: 1 }],
      { deep: { er: 1 } },
      // D219: objects Number()/String() throw on, and deep nesting where a scalar goes.
      { toString: 1, valueOf: 1 },
      [{ toString: 1, valueOf: 1 }],
      JSON.parse(`${'['.repeat(60)}1${']'.repeat(60)}`),
      true,
      null,
      '<b>ư</b>',
      '🍜',
    ];
    const problems: string[] = [];
    for (const route of routes) {
      for (const value of values) {
        const query = typeof value === 'string' ? `?${names.map((n) => `${n}=${encodeURIComponent(value)}`).join('&')}` : '';
        const body = route.method === 'POST' ? Object.fromEntries(names.map((n) => [n, value])) : undefined;
        const res = await t.api(route.method, `${route.url}${query}`, { token: m.token, ...(body ? { body } : {}) });
        // A URL over 8 KiB is the platform's to refuse (414 in the sandbox envelope), before any route.
        const platform = res.status === 414 && res.body?.error_code === 'URI_TOO_LONG';
        const shaped =
          platform ||
          res.status < 400 ||
          (typeof res.body === 'object' && typeof res.body.error === 'string' && typeof res.body.message === 'string');
        if (res.status >= 500 || !shaped)
          problems.push(
            `${route.method} ${route.url} ${JSON.stringify(value).slice(0, 20)}: ${res.status} ${JSON.stringify(res.body).slice(0, 80)}`,
          );
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('refuses long, odd and mistyped input with 400 in its own shape, keeps unicode and HTML as text', async () => {
    const m = await freshMerchant();
    const bodies: unknown[] = [
      { inv: invoice(m, { bname: 'x'.repeat(201) }) },
      { inv: invoice(m, { sid: 'a'.repeat(65) }) },
      { inv: invoice(m, { sid: 'sid with spaces' }) },
      { inv: invoice(m, { items: [{ name: 'P'.repeat(401), quantity: 1, price: 10 }] }) },
      { inv: invoice(m, { items: [{ name: 'Phở', quantity: 1_000_001, price: 10 }] }) },
      { inv: invoice(m, { items: [{ name: 'Phở', quantity: 2, price: 999_999_999_999 }] }) },
      { inv: invoice(m, { items: [{ name: 'Phở', quantity: -1, price: 10 }] }) },
      { inv: invoice(m, { items: [{ name: 'Phở', quantity: 1, price: 1.5 }] }) },
      { inv: invoice(m, { items: [{ name: 'Phở', quantity: '1', price: 10 }] }) },
      { inv: invoice(m, { items: [{ name: 'Phở', quantity: 1, price: 2 ** 63 }] }) },
      { inv: invoice(m, { items: Array(501).fill({ name: 'Phở', quantity: 1, price: 10 }) }) },
      { inv: invoice(m, { bname: 42 }) },
      { inv: 'not an object' },
      [],
    ];
    for (const body of bodies) {
      const res = await t.api('POST', `${FPT}/create-invoice`, { token: m.token, body });
      expect([JSON.stringify(body).slice(0, 60), res.status, res.body.error]).toEqual([
        JSON.stringify(body).slice(0, 60),
        400,
        'INVALID_DATA',
      ]);
    }
    // NUL is refused by the platform before the route, in the sandbox envelope.
    const nul = await t.api('POST', `${FPT}/create-invoice`, { token: m.token, body: { inv: invoice(m, { bname: 'a\u0000b' }) } });
    expect([nul.status, nul.body.error_code]).toEqual([400, 'BAD_REQUEST']);
    const html = '<img src=x onerror=alert(1)> Bà Tư 👍';
    const ok = await create(m, invoice(m, { bname: html }));
    expect([ok.status, ok.body.bname]).toEqual([200, html]);
    const huge = await t.api('GET', `${FPT}/search-invoice?seq=99999999999999&serial=${m.vatSerial}`, { token: m.token });
    expect(huge.status).toBe(400);
    const repeated = await t.api('GET', `${FPT}/search-invoice?serial=a&serial=b`, { token: m.token });
    expect(repeated.status).toBe(400);
  });
});

describe('FPT eInvoice: the year boundary (issue 25 §2)', () => {
  // Last in the file: the sandbox clock moves past 1 January 2027 and stays there.
  it('issue 25 §2: 23:59 on 31 December 2026 is 8 % on food and 10 % on beer on C26; a 2027 invoice on C26 is refused, on C27 accepted', async () => {
    const m = await freshMerchant();
    const { updateAccount } = await import('../../core/accounts');
    const year = (yy: string) => ({
      value: `C${yy}TFP`,
      inv_type_name: 'Hóa đơn giá trị gia tăng',
      template_code: '1' as const,
      active: true,
    });
    await updateAccount(t.sandbox.db, m.id, 'fpt', { series: [year('26'), year('27')] });
    const target = Date.parse('2027-01-01T00:02:00+07:00');
    const now = t.sandbox.clock.now();
    if (now < target) await t.api('POST', '/sandbox/clock/advance', { body: { seconds: Math.ceil((target - now) / 1000) } });
    const token = (await t.api('POST', `${FPT}/signin`, { body: { username: m.username, password: EINV_PASSWORD } })).body.token as string;

    const lastMinute = await create(m, billOf('C26TFP', 2026), token);
    expect(lastMinute.status).toBe(200);
    expect(lastMinute.body).toMatchObject({
      serial: 'C26TFP',
      idt: '2026-12-31 23:59:00',
      sum: 188_552,
      vat: 16_448,
      total: 205_000,
      vrt: null,
    });
    expect(lastMinute.body.items.map((i: { vrt: string; vat: number }) => [i.vrt, i.vat])).toEqual([
      ['8', 9_630],
      ['10', 6_818],
    ]);

    const onOldSymbol = await create(m, billOf('C26TFP', 2027), token);
    expect([onOldSymbol.status, onOldSymbol.body.error, onOldSymbol.body.field]).toEqual([400, 'SERIAL_YEAR_MISMATCH', 'inv.serial']);
    // And the other way: a 2026 invoice on the 2027 symbol.
    expect((await create(m, billOf('C27TFP', 2026), token)).body.error).toBe('SERIAL_YEAR_MISMATCH');

    const firstMinute = await create(m, billOf('C27TFP', 2027), token);
    expect(firstMinute.status).toBe(200);
    expect(firstMinute.body).toMatchObject({ serial: 'C27TFP', seq: 1, sum: 186_364, vat: 18_636, total: 205_000, vrt: '10' });
    // The PDF of the 2026 invoice prints both rates and a breakdown that adds up (core/pdf.test.ts reads it in detail).
    const pdf = await t.api('GET', `${FPT}/search-invoice?type=pdf&sid=${lastMinute.body.sid}`, { token });
    expect(pdf.status).toBe(200);
  });
});
