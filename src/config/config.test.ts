import { describe, expect, it } from 'vitest';
import { rateFor, REPO_VAT_RATES_INPUT, vatRateTableSchema } from '../rules/vatRates';
import { ConfigError, configUrl, defaultConfig, loadConfig, parseConfig } from '.';

function respond(body: string, status = 200): typeof globalThis.fetch {
  return (async () => new Response(body, { status, headers: { 'content-type': 'application/json' } })) as typeof globalThis.fetch;
}

function invalid(json: unknown): ConfigError {
  try {
    parseConfig(json);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected ConfigError');
}

describe('runtime configuration', () => {
  it('an empty object gives the documented defaults', () => {
    expect(defaultConfig).toEqual({
      services: { portal: '/api/portal', checkout: '/api/checkout', sale: '/api/sale' },
      realtime: { url: '', path: '/socket.io', saleNamespace: '/sale', vaNamespace: '/va' },
      features: {
        overview: true,
        report: true,
        payment: true,
        payByLink: true,
        edc: true,
        ecom: true,
        feedback: true,
        einvoice: false,
        masterMerchant: false,
        unifiedLogin: false,
        feedbackComingSoon: false,
        screenCustomisation: false,
        saleTokenExchange: false,
        inspector: false,
      },
      einvoice: {
        providers: {
          'm-invoice': '/api/einvoice/m-invoice',
          misa: '/api/einvoice/misa',
          fpt: '/api/einvoice/fpt',
          viettel: '/api/einvoice/viettel',
        },
        termsUrl: '/portal/einvoice-terms.pdf',
      },
      sso: { loginUrl: null, registerDoneUrl: '/portal/dashboard' },
      hotlines: { auth: '1900 555 596', business: '1900 555 597', pos: '1900 555 598' },
      vatRates: vatRateTableSchema.parse(REPO_VAT_RATES_INPUT),
      supportEmail: 'support@merchant.example.vn',
      idleLimitMinutes: 30,
      defaultLanguage: 'vi',
    });
  });

  it('partial objects keep the other defaults; unknown keys are dropped', () => {
    const config = parseConfig({
      features: { einvoice: true },
      services: { sale: 'https://sale.example.vn/api' },
      sso: { loginUrl: 'https://id.example.vn/authorize' },
      extra: 1,
    });
    expect(config.features.einvoice).toBe(true);
    expect(config.features.overview).toBe(true);
    expect(config.services).toEqual({ portal: '/api/portal', checkout: '/api/checkout', sale: 'https://sale.example.vn/api' });
    expect(config.sso.loginUrl).toBe('https://id.example.vn/authorize');
    expect('extra' in config).toBe(false);
  });

  it('wrong types are a ConfigError listing every bad field', () => {
    const error = invalid({
      features: { einvoice: 'yes', overview: null },
      idleLimitMinutes: '30',
      defaultLanguage: 'fr',
      hotlines: 1900,
      services: [],
    });
    expect(error.kind).toBe('invalid');
    expect(error.fields.sort()).toEqual(
      ['defaultLanguage', 'features.einvoice', 'features.overview', 'hotlines', 'idleLimitMinutes', 'services'].sort(),
    );
  });

  it('a file that is not an object is invalid at the root', () => {
    for (const json of [null, [], 'config', 42]) expect(invalid(json).fields).toEqual(['(root)']);
  });

  const hostile: Array<[string, unknown, string]> = [
    ['javascript: service URL', { services: { portal: 'javascript:alert(1)' } }, 'services.portal'],
    ['protocol-relative service URL', { services: { portal: '//evil.example/api' } }, 'services.portal'],
    ['backslash trick', { services: { checkout: '/\\evil.example' } }, 'services.checkout'],
    ['data: SSO URL', { sso: { loginUrl: 'data:text/html,<script>alert(1)</script>' } }, 'sso.loginUrl'],
    ['open redirect after registration', { sso: { registerDoneUrl: 'https://evil.example/' } }, 'sso.registerDoneUrl'],
    ['markup in a hotline', { hotlines: { auth: '<img src=x onerror=alert(1)>' } }, 'hotlines.auth'],
    ['not an e-mail', { supportEmail: 'support@x.vn?subject=<b>' }, 'supportEmail'],
    ['control characters in a path', { realtime: { path: '/socket.io\n' } }, 'realtime.path'],
    ['ftp realtime URL', { realtime: { url: 'ftp://x.example' } }, 'realtime.url'],
    ['idle limit out of range', { idleLimitMinutes: -1 }, 'idleLimitMinutes'],
    ['fractional idle limit', { idleLimitMinutes: 1.5 }, 'idleLimitMinutes'],
    ['very long URL', { services: { sale: `/${'a'.repeat(5000)}` } }, 'services.sale'],
    ['javascript: e-invoice provider URL', { einvoice: { providers: { misa: 'javascript:alert(1)' } } }, 'einvoice.providers.misa'],
    ['protocol-relative e-invoice terms', { einvoice: { termsUrl: '//evil.example/terms.pdf' } }, 'einvoice.termsUrl'],
  ];
  it.each(hostile)('%s is rejected without echoing the value', (_label, json, field) => {
    const error = invalid(json);
    expect(error.fields).toContain(field);
    expect(error.message).not.toMatch(/alert|evil|<img|<b>/);
  });

  it('e-invoice providers: one may point at the real service, the others keep the emulators', () => {
    const config = parseConfig({ einvoice: { providers: { fpt: 'https://api-einvoice.example.vn/fpt' } } });
    expect(config.einvoice.providers).toEqual({
      'm-invoice': '/api/einvoice/m-invoice',
      misa: '/api/einvoice/misa',
      fpt: 'https://api-einvoice.example.vn/fpt',
      viettel: '/api/einvoice/viettel',
    });
    expect(config.einvoice.termsUrl).toBe('/portal/einvoice-terms.pdf');
    expect(invalid({ einvoice: { providers: { viettel: 42 } } }).fields).toEqual(['einvoice.providers.viettel']);
  });

  it('issue 25 §1, D226: vatRates defaults to the repository table; another valid table replaces it, a bad one stops the start', () => {
    const repo = vatRateTableSchema.parse(REPO_VAT_RATES_INPUT);
    const noon2027 = Date.parse('2027-03-01T12:00:00+07:00');
    expect(rateFor(defaultConfig.vatRates, 'REDUCED_ELIGIBLE', noon2027)).toBe('10%');
    // An operator extends the cut through 2027: rows change, nothing else.
    const extended = {
      periods: [
        ...repo.periods.filter((p) => p.class !== 'REDUCED_ELIGIBLE'),
        { class: 'REDUCED_ELIGIBLE', from: '2009-01-01', to: '2027-12-31', rate: '8%' },
        { class: 'REDUCED_ELIGIBLE', from: '2028-01-01', to: null, rate: '10%' },
      ],
    };
    expect(rateFor(parseConfig({ vatRates: extended }).vatRates, 'REDUCED_ELIGIBLE', noon2027)).toBe('8%');
    // Two rates for one day, a rate code no provider knows, or no table at all: the start-up error, naming the field.
    const overlapping = { periods: [...repo.periods, { class: 'STANDARD', from: '2026-01-01', to: null, rate: '10%' }] };
    expect(invalid({ vatRates: overlapping }).issues).toEqual([
      { path: `vatRates.periods.${repo.periods.length}.from`, problem: 'overlaps another period of STANDARD' },
    ]);
    expect(invalid({ vatRates: { periods: [{ ...repo.periods[0], rate: '9%' }] } }).fields).toContain('vatRates.periods.0.rate');
    expect(invalid({ vatRates: [] }).fields).toEqual(['vatRates']);
  });

  it('websocket realtime URL and same-origin paths are accepted', () => {
    expect(parseConfig({ realtime: { url: 'wss://rt.example.vn' } }).realtime.url).toBe('wss://rt.example.vn');
    expect(parseConfig({ sso: { registerDoneUrl: '/portal/x?y=1' } }).sso.registerDoneUrl).toBe('/portal/x?y=1');
  });
});

describe('loadConfig', () => {
  it('fetches config.json under the Vite base', async () => {
    let asked = '';
    let init: RequestInit | undefined;
    const config = await loadConfig({
      url: configUrl('/portal/'),
      fetch: (async (url: string, i?: RequestInit) => {
        asked = url;
        init = i;
        return new Response('{"features":{"unifiedLogin":true}}');
      }) as typeof globalThis.fetch,
    });
    expect(asked).toBe('/portal/config.json');
    expect(init?.cache).toBe('no-store');
    expect(config.features.unifiedLogin).toBe(true);
    expect(configUrl('/portal')).toBe('/portal/config.json');
  });

  it('unreachable, HTTP error, malformed JSON and invalid shapes are ConfigErrors', async () => {
    await expect(loadConfig({ fetch: () => Promise.reject(new TypeError('offline')) })).rejects.toMatchObject({ kind: 'unreachable' });
    await expect(loadConfig({ fetch: respond('nope', 404) })).rejects.toMatchObject({ kind: 'http', status: 404 });
    await expect(loadConfig({ fetch: respond('{"features":') })).rejects.toMatchObject({ kind: 'malformed' });
    await expect(loadConfig({ fetch: respond('{"idleLimitMinutes":"x"}') })).rejects.toMatchObject({
      kind: 'invalid',
      fields: ['idleLimitMinutes'],
    });
  });

  it('times out as unreachable', async () => {
    const hang = ((_: string, init?: RequestInit) =>
      new Promise((_r, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('x', 'AbortError'))),
      )) as typeof globalThis.fetch;
    await expect(loadConfig({ fetch: hang, timeoutMs: 20 })).rejects.toMatchObject({ kind: 'unreachable' });
  });
});
