import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { EinvoiceSettings, ProviderAdapter, ProviderToken, Serial } from '../core/types';
import { createSerialVatActors, createSetupActors, declarationRange, type SetupServices } from './actors';
import { TERMS_COOKIE, TERMS_COOKIE_MAX_AGE_S, rememberTermsShown, termsShown } from './terms-cookie';

const token: ProviderToken = { token: '0108123455|secret', expiresAt: Date.now() + 60_000 };
const serial: Serial = { value: '1C26TMV', invTypeName: 'Hóa đơn giá trị gia tăng', templateCode: '1', isSalesInvoice: false };

function fakeServices(adapter: Partial<ProviderAdapter>) {
  const seeded: Array<[string, ProviderToken]> = [];
  const tokensUsed: string[] = [];
  const services: SetupServices = {
    backend: {
      getSettings: vi.fn(async () => null),
      saveSettings: vi.fn(async () => ({}) as EinvoiceSettings),
      cancelSettings: vi.fn(async () => {}),
      ssoCheck: vi.fn(async () => false),
      ssoSignOut: vi.fn(async () => {}),
    },
    tokens: { seed: (route, t) => seeded.push([route, t]) },
    adapter: () => adapter as ProviderAdapter,
    withToken: async (_route, fn) => {
      tokensUsed.push('tok');
      return fn('tok');
    },
  };
  return { services, seeded, tokensUsed };
}

const run = <T>(logic: Parameters<typeof createActor>[0], input: unknown) =>
  toPromise(createActor(logic, { input } as never).start()) as Promise<T>;

describe('e-invoice setup actors (doc 2 §5, §9)', () => {
  it('keeps the token of a successful login for the calls that follow, and never for a refused one', async () => {
    const login = vi.fn(async () => token);
    const { services, seeded } = fakeServices({ login });
    const actors = createSetupActors(services);
    await run(actors.login, { provider: 'misa', credentials: { taxCode: '0108123455', username: 'phoco-misa', password: 'Einv@2026' } });
    expect(seeded).toEqual([['misa', token]]);

    const refused = fakeServices({ login: vi.fn(async () => Promise.reject(Object.assign(new Error('x'), { code: 'EINV_LOGIN_FAIL' }))) });
    await expect(
      run(createSetupActors(refused.services).login, {
        provider: 'misa',
        credentials: { taxCode: '0108123455', username: 'u', password: 'p' },
      }),
    ).rejects.toMatchObject({ code: 'EINV_LOGIN_FAIL' });
    expect(refused.seeded).toEqual([]);
  });

  it('issue 25 §8, D238: cancelling a merchant-account set-up clears the settings, then removes the link; a password set-up keeps none to remove', async () => {
    const { services } = fakeServices({});
    const actors = createSetupActors(services);
    await run(actors.cancelSettings, { provider: 'viettel', unlink: true });
    expect(services.backend.cancelSettings).toHaveBeenCalledTimes(1);
    expect(services.backend.ssoSignOut).toHaveBeenCalledWith('viettel');
    const password = fakeServices({});
    await run(createSetupActors(password.services).cancelSettings, { provider: 'misa', unlink: false });
    expect(password.services.backend.ssoSignOut).not.toHaveBeenCalled();
    // The settings could not be cleared: the link is left as it was.
    const failing = fakeServices({});
    failing.services.backend.cancelSettings = vi.fn(async () => Promise.reject(Object.assign(new Error('x'), { code: 'NETWORK_ERROR' })));
    await expect(run(createSetupActors(failing.services).cancelSettings, { provider: 'viettel', unlink: true })).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
    expect(failing.services.backend.ssoSignOut).not.toHaveBeenCalled();
  });

  it('asks the declarations from 1 January of the Vietnam year to today and reads approved or pending', async () => {
    const declarationStatus = vi.fn(async () => ({ approved: false, records: [] }));
    const { services } = fakeServices({ declarationStatus });
    // 31 December 2026 17:30 UTC is already 1 January 2027 in Vietnam.
    const now = Date.UTC(2026, 11, 31, 17, 30);
    await expect(run(createSetupActors(services, () => now).loadDeclaration, { provider: 'fpt' })).resolves.toBe('pending');
    expect(declarationStatus).toHaveBeenCalledWith('tok', { from: '2027-01-01', to: '2027-01-01' }, expect.anything());
    expect(declarationRange(Date.UTC(2026, 10, 24, 3))).toEqual({ from: '2026-01-01', to: '2026-11-24' });
  });

  it('lists serials with the token and stops the request when the actor stops (the 40 s time-out)', async () => {
    let aborted = false;
    const listSerials = vi.fn(
      (_t: string, signal?: AbortSignal) =>
        new Promise<Serial[]>((_, reject) => {
          signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          });
        }),
    );
    const { services } = fakeServices({ listSerials });
    const actor = createActor(createSerialVatActors(services).loadSerials, { input: { provider: 'm-invoice' } }).start();
    await Promise.resolve();
    expect(listSerials).toHaveBeenCalledWith('tok', expect.any(AbortSignal));
    actor.stop();
    await Promise.resolve();
    expect(aborted).toBe(true);

    const ok = fakeServices({ listSerials: vi.fn(async () => [serial]) });
    await expect(run(createSerialVatActors(ok.services).loadSerials, { provider: 'm-invoice' })).resolves.toEqual([serial]);
  });

  it('checks the tax code with the chosen provider before anything else', async () => {
    const checkTaxCode = vi.fn(async () => Promise.reject(Object.assign(new Error('x'), { code: 'EINV_TAX_CODE_INVALID' })));
    const { services } = fakeServices({ checkTaxCode });
    await expect(run(createSetupActors(services).checkTaxCode, { provider: 'viettel', taxCode: '0100233480' })).rejects.toMatchObject({
      code: 'EINV_TAX_CODE_INVALID',
    });
    expect(checkTaxCode).toHaveBeenCalledWith('0100233480', expect.any(AbortSignal));
  });
});

describe('the terms cookie (doc 2 §9)', () => {
  it('is read among other cookies and set for 365 days on the whole site', () => {
    expect(termsShown('a=1; einv_term_shown=1; b=2')).toBe(true);
    expect(termsShown('a=1; not_einv_term_shown=1')).toBe(false);
    expect(termsShown('')).toBe(false);
    const set = vi.spyOn(document, 'cookie', 'set');
    rememberTermsShown();
    expect(set).toHaveBeenCalledWith(expect.stringContaining(`${TERMS_COOKIE}=1; Max-Age=${TERMS_COOKIE_MAX_AGE_S}; Path=/`));
    expect(TERMS_COOKIE_MAX_AGE_S).toBe(31_536_000);
    set.mockRestore();
  });
});
