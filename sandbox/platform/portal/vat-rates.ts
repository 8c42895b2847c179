import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { vatRateTableSchema, type VatRateTable } from '../../../src/rules/vatRates';

/**
 * The VAT table the sandbox serves (D226): the repository's `vat-rates.json` unless
 * SANDBOX_VAT_RATES_FILE names another file, read once at start and checked with the portal's own
 * schema. An operator who must follow a new resolution edits a copy and restarts; nothing is built.
 * A file that cannot be read or breaks a rule stops the start with a sentence naming the file and the
 * rows at fault, rather than serving a table the portal would refuse at its start.
 */
export const REPO_VAT_RATES_FILE = fileURLToPath(new URL('../../../src/rules/vat-rates.json', import.meta.url));

export function loadVatRates(file: string = REPO_VAT_RATES_FILE): VatRateTable {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const why = error instanceof SyntaxError ? 'it is not JSON' : 'it cannot be read';
    throw new Error(`SANDBOX_VAT_RATES_FILE ${file}: ${why}`);
  }
  const parsed = vatRateTableSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`SANDBOX_VAT_RATES_FILE ${file}: not a valid VAT table (${problems})`);
  }
  return parsed.data;
}
