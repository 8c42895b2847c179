/**
 * The contract's sign-in half: the public tax-code check, login, the company look-up,
 * the series, the declaration status, tokens that expire, a provider that is down or unreachable.
 * What differs between the four stays in the driver (ProviderDriver) or the provider's own tests.
 */
import { expect, it } from 'vitest';
import { sellerToken, splitSellerToken } from '../seller-token';
import { offeredYears } from '../testing/offered-years';
import { rejection, todayQuery, trigger, vnToday } from '../testing/sandbox';
import { PHOCO_TAX, type ProviderContext, type ProviderDriver } from './setup';

/** Login and the look-ups a set-up makes before any invoice. */
export function signInContract(c: ProviderContext, d: ProviderDriver & SignInAnswers): void {
  it('checks a tax code before login: valid ones pass, a bad check digit or nothing is EINV_TAX_CODE_INVALID', async () => {
    for (const code of d.validTaxCodes) await expect(c.adapter.checkTaxCode(code)).resolves.toBeUndefined();
    expect(await rejection(c.adapter.checkTaxCode('0100233480'))).toMatchObject({ code: 'EINV_TAX_CODE_INVALID', ...d.checkDigitRefusal });
    for (const code of ['', ...(d.invalidTaxCodes ?? [])]) {
      expect(await rejection(c.adapter.checkTaxCode(code))).toMatchObject({ code: 'EINV_TAX_CODE_INVALID' });
    }
  });

  it('logs in with the seller in the token for its lifetime; a wrong password or empty fields are EINV_LOGIN_FAIL, the password never echoed', async () => {
    const account = c.m.account(d.route);
    const asked = Date.now();
    const login = await c.adapter.login({ taxCode: PHOCO_TAX, ...account });
    expect(login.taxCode).toBe(PHOCO_TAX);
    expect(splitSellerToken(login.token).taxCode).toBe(PHOCO_TAX);
    expect(login.expiresAt).toBeGreaterThan(asked + d.tokenLifetime.min);
    expect(login.expiresAt).toBeLessThanOrEqual(Date.now() + d.tokenLifetime.max);
    const wrong = await rejection(c.adapter.login({ taxCode: PHOCO_TAX, username: account.username, password: 'Nope@2026' }));
    expect(wrong).toMatchObject({ code: 'EINV_LOGIN_FAIL', ...d.loginRefusal });
    expect(wrong?.message).not.toContain('Nope@2026');
    expect(await rejection(c.adapter.login({ taxCode: PHOCO_TAX, username: '', password: '' }))).toMatchObject({ code: 'EINV_LOGIN_FAIL' });
    // Another company's valid tax code with this account: refused (how, is the provider's).
    expect(await rejection(c.adapter.login({ taxCode: '0100109106', ...account }))).toMatchObject(d.otherCompanyLogin);
  });

  it('looks a company up; an unknown valid code is null, a malformed one refused', async () => {
    expect(await c.adapter.lookupCompany(c.token, '0105872463')).toMatchObject({
      taxCode: '0105872463',
      name: expect.stringMatching(/\S/),
    });
    expect(await c.adapter.lookupCompany(c.token, '0100233488')).toBeNull();
    expect(await rejection(c.adapter.lookupCompany(c.token, '0100233480'))).toMatchObject({ code: 'EINV_TAX_CODE_INVALID' });
  });

  it('lists the active series only, with the template digit in front (D191) and the sales-invoice flag', async () => {
    const serials = await c.adapter.listSerials(c.token);
    expect(serials.filter((s) => /^\dK/.test(s.value))).toEqual([]);
    // D253: VAT, sales and cash-register (M) series, for this year and, in December, the next.
    if (d.listsEverySeries) expect(serials).toHaveLength(3 * offeredYears().length);
    else expect(serials.map((s) => s.value)).toEqual(expect.arrayContaining([c.vatSerial.value, c.salesSerial.value]));
    expect(c.vatSerial).toMatchObject({
      value: expect.stringMatching(d.serials.vat),
      templateCode: '1',
      isSalesInvoice: false,
      ...d.serialExtras?.vat,
    });
    expect(c.salesSerial).toMatchObject({
      value: expect.stringMatching(d.serials.sales),
      templateCode: '2',
      isSalesInvoice: true,
      ...d.serialExtras?.sales,
    });
  });

  it('reads the declaration status from 1 January to today: approved', async () => {
    const status = await c.adapter.declarationStatus(c.token, { from: `${vnToday().slice(0, 4)}-01-01`, to: vnToday() });
    expect(status.approved).toBe(true);
    if (d.declarationRecord) expect(status.records[0]).toMatchObject(d.declarationRecord);
  });
}

/** The refusals every call can meet: expired tokens, a provider down or out of reach, the caller's abort. */
export function outageContract(c: ProviderContext, d: ProviderDriver & SignInAnswers): void {
  it('an unknown or expired token is EINV_TOKEN_EXPIRED; a new login works again', async () => {
    expect(await rejection(c.adapter.listSerials(sellerToken('y'.repeat(43), PHOCO_TAX)))).toMatchObject({ code: 'EINV_TOKEN_EXPIRED' });
    await trigger(c.t, 'einvoice-expire-tokens', { merchant: c.m.merchantId, provider: d.route });
    expect(await rejection(c.adapter.listSerials(c.token))).toMatchObject({ code: 'EINV_TOKEN_EXPIRED', ...d.expiredRefusal });
    expect(await rejection(c.adapter.listInvoices(c.token, todayQuery()))).toMatchObject({ code: 'EINV_TOKEN_EXPIRED' });
    await c.relogin();
    expect((await c.adapter.listSerials(c.token)).length).toBeGreaterThan(0);
  });

  it('a token without its seller is refused as expired, taken as it is, or refused as not set up without a call, as the provider needs', async () => {
    const bare = splitSellerToken(c.token).token;
    if (d.bareToken === 'accepted') {
      const serials = await c.adapter.listSerials(bare);
      expect(serials.map((s) => s.value).slice(0, 2)).toEqual([c.vatSerial.value, c.salesSerial.value]);
    } else {
      const code = d.bareToken === 'expired' ? 'EINV_TOKEN_EXPIRED' : 'EINV_NOT_SET_UP';
      expect(await rejection(c.adapter.listSerials(bare))).toMatchObject({ code });
    }
  });

  it('the down fault is EINV_PROVIDER_DOWN, login included; the public tax-code check stays up', async () => {
    await c.fault('down');
    try {
      expect(await rejection(c.adapter.listSerials(c.token))).toMatchObject({ code: 'EINV_PROVIDER_DOWN', status: 503 });
      expect(await rejection(c.adapter.login({ taxCode: PHOCO_TAX, ...c.m.account(d.route) }))).toMatchObject({
        code: 'EINV_PROVIDER_DOWN',
      });
      await expect(c.adapter.checkTaxCode(PHOCO_TAX)).resolves.toBeUndefined();
    } finally {
      await c.fault('down', { off: 'true' });
    }
  });

  it('a call aborted by its caller rejects with the abort, not a provider error', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(c.adapter.listSerials(c.token, controller.signal));
    expect((error as unknown as Error | null)?.name).toBe('AbortError');
  });

  it('no answer at all is NETWORK_ERROR', async () => {
    const nowhere = d.make({ baseURL: `http://127.0.0.1:1/api/einvoice/${d.route}` });
    expect(await rejection(nowhere.checkTaxCode(PHOCO_TAX))).toMatchObject({ code: 'NETWORK_ERROR' });
  });
}

/** The driver's answers the sign-in half needs. */
export interface SignInAnswers {
  /** How long a login's token lasts, at least and at most (ms). */
  tokenLifetime: { min: number; max: number };
  /** What else a wrong password's refusal carries (the status). */
  loginRefusal?: Record<string, unknown>;
  /** The refusal of a login with another company's valid tax code. */
  otherCompanyLogin: Record<string, unknown>;
  /** What the first declaration record of an approved seller carries, where the provider lists them. */
  declarationRecord?: Record<string, unknown>;
  /** A token without its seller: refused as expired, taken (the seller prefix is the provider's to ignore), or not even sent. */
  bareToken: 'expired' | 'accepted' | 'not-set-up';
}
