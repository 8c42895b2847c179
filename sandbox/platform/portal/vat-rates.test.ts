// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateFor, REPO_VAT_RATES_INPUT, vatRateTableSchema } from '../../../src/rules/vatRates';
import { optionsFromEnv, resolveOptions } from '../options';
import { startTestSandbox, type TestSandbox } from '../test/harness';
import { appConfigSchema } from '../test/portal-schemas';
import { loadVatRates, REPO_VAT_RATES_FILE } from './vat-rates';

// D226: the VAT table is data the sandbox reads at start (the repository's file, or the
// one SANDBOX_VAT_RATES_FILE names) and publishes in /portal/config.json.

const dir = mkdtempSync(join(tmpdir(), 'vat-rates-'));
const repo = vatRateTableSchema.parse(REPO_VAT_RATES_INPUT);
const NOON_2027 = Date.parse('2027-03-01T12:00:00+07:00');

/** The repository's table with the cut extended to the end of 2027: what an operator would write. */
function extendedFile(): string {
  const json = JSON.parse(readFileSync(REPO_VAT_RATES_FILE, 'utf8')) as { periods: { class: string; from: string; to: string | null }[] };
  const periods = json.periods.filter((p) => !(p.class === 'REDUCED_ELIGIBLE' && p.from === '2027-01-01'));
  const last = periods.find((p) => p.class === 'REDUCED_ELIGIBLE' && p.to === '2026-12-31')!;
  last.to = '2027-12-31';
  periods.push({ class: 'REDUCED_ELIGIBLE', from: '2028-01-01', to: null, rate: '10%' } as never);
  const file = join(dir, 'extended.json');
  writeFileSync(file, JSON.stringify({ periods }));
  return file;
}

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ vatRatesFile: extendedFile() });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('issue 25 §1, D226: the sandbox VAT table', () => {
  it('by default the repository file, checked with the portal schema', () => {
    expect(loadVatRates()).toEqual(repo);
    expect(resolveOptions({}).vatRates).toEqual(repo);
    expect(optionsFromEnv({}).vatRatesFile).toBeUndefined();
    expect(optionsFromEnv({ SANDBOX_VAT_RATES_FILE: '/etc/rates.json' }).vatRatesFile).toBe('/etc/rates.json');
  });

  it("an operator's file is served in /portal/config.json, and the portal reads its rates", async () => {
    const res = await t.api('GET', '/portal/config.json');
    expect(res.status).toBe(200);
    const config = appConfigSchema.parse(res.body);
    expect(rateFor(config.vatRates, 'REDUCED_ELIGIBLE', NOON_2027)).toBe('8%');
    expect(rateFor(config.vatRates, 'STANDARD', NOON_2027)).toBe('10%');
    expect(rateFor(repo, 'REDUCED_ELIGIBLE', NOON_2027)).toBe('10%');
  });

  it('a file that is missing, not JSON, or breaks the table rules stops the start with a sentence naming it', () => {
    expect(() => resolveOptions({ vatRatesFile: join(dir, 'missing.json') })).toThrow(
      /SANDBOX_VAT_RATES_FILE .*missing\.json: it cannot be read/,
    );
    const notJson = join(dir, 'not-json.json');
    writeFileSync(notJson, '{ periods: ');
    expect(() => loadVatRates(notJson)).toThrow(/not-json\.json: it is not JSON/);
    const gap = join(dir, 'gap.json');
    writeFileSync(
      gap,
      JSON.stringify({
        periods: [
          ...repo.periods.filter((p) => p.class !== 'STANDARD'),
          { class: 'STANDARD', from: '2009-01-01', to: '2026-12-30', rate: '10%' },
          { class: 'STANDARD', from: '2027-01-01', to: null, rate: '10%' },
        ],
      }),
    );
    expect(() => loadVatRates(gap)).toThrow(
      /gap\.json: not a valid VAT table \(periods\.\d+\.from: leaves a gap after the previous period of STANDARD\)/,
    );
  });
});
