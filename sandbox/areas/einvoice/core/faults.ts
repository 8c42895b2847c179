import type { Database } from '../../../platform/db/database';
import type { ProviderRoute } from './types';

/**
 * Switches a test or a person turns on per merchant and provider (trigger `einvoice-fault`, table
 * einv_faults), read by each emulator on every call:
 * - `serial-slow`: the series list answers only after `delayMs` (default 41 s: past the portal's
 *   40 s time-out, doc 2 §9), real time;
 * - `down`: every call of that provider for that merchant answers HTTP 503;
 * - `already-exported`: the next create answers the provider's duplicate error (one shot);
 * - `declaration-pending`: the declaration status answers pending, whatever the account says;
 * - `pdf-not-ready`: the PDF answers "not ready" for the next `count` asks (default: until switched off);
 * - `create-fails`: the next `count` creates (default 1) answer the provider's own validation refusal and
 *   store nothing (D190: so a bulk export's one failing order is a real refusal, not a mocked one).
 */
export const FAULTS = ['serial-slow', 'down', 'already-exported', 'declaration-pending', 'pdf-not-ready', 'create-fails'] as const;
export type FaultName = (typeof FAULTS)[number];
export const isFaultName = (value: unknown): value is FaultName =>
  typeof value === 'string' && (FAULTS as readonly string[]).includes(value);

export const SERIAL_SLOW_DEFAULT_MS = 41_000;
export const MAX_SERIAL_SLOW_MS = 300_000;

export interface FaultOptions {
  /** serial-slow: how long the series list waits, ms. */
  delayMs?: number;
  /** pdf-not-ready: how many asks fail before the PDF is there; create-fails: how many creates are refused. */
  count?: number;
}

export interface FaultState {
  down: boolean;
  /** ms the series list waits, or null. */
  serialSlowMs: number | null;
  alreadyExported: boolean;
  declarationPending: boolean;
  /** Asks still to fail (Infinity: until switched off), or null. */
  pdfNotReady: number | null;
  /** Creates still to refuse, or null. */
  createFails: number | null;
}

export async function setFault(
  db: Database,
  merchantId: string,
  provider: ProviderRoute,
  fault: FaultName,
  on: boolean,
  options: FaultOptions = {},
  now = Date.now(),
): Promise<void> {
  if (!on) {
    await db.query(`DELETE FROM einv_faults WHERE merchant_id = $1 AND provider = $2 AND fault = $3`, [merchantId, provider, fault]);
    return;
  }
  await db.query(
    `INSERT INTO einv_faults (merchant_id, provider, fault, options, armed_at) VALUES ($1, $2, $3, $4::jsonb, $5)
     ON CONFLICT (merchant_id, provider, fault) DO UPDATE SET options = EXCLUDED.options, armed_at = EXCLUDED.armed_at`,
    [merchantId, provider, fault, JSON.stringify(options), now],
  );
}

export async function faultState(db: Database, merchantId: string, provider: ProviderRoute): Promise<FaultState> {
  const rows = await db.query<{ fault: FaultName; options: FaultOptions }>(
    `SELECT fault, options FROM einv_faults WHERE merchant_id = $1 AND provider = $2`,
    [merchantId, provider],
  );
  const by = new Map(rows.map((r) => [r.fault, r.options ?? {}]));
  const slow = by.get('serial-slow');
  const pdf = by.get('pdf-not-ready');
  const failing = by.get('create-fails');
  return {
    down: by.has('down'),
    serialSlowMs: slow ? (slow.delayMs ?? SERIAL_SLOW_DEFAULT_MS) : null,
    alreadyExported: by.has('already-exported'),
    declarationPending: by.has('declaration-pending'),
    pdfNotReady: pdf ? (pdf.count ?? Infinity) : null,
    createFails: failing ? (failing.count ?? 1) : null,
  };
}

/**
 * Uses up one shot of a fault: `already-exported` goes away, `pdf-not-ready` counts one ask down
 * (and goes away at zero; without a count it stays), `create-fails` counts one create down (without a
 * count it is one shot). Answers whether the fault was on.
 */
export async function consumeFault(
  db: Database,
  merchantId: string,
  provider: ProviderRoute,
  fault: 'already-exported' | 'pdf-not-ready' | 'create-fails',
): Promise<boolean> {
  if (fault === 'already-exported') {
    const gone = await db.query(`DELETE FROM einv_faults WHERE merchant_id = $1 AND provider = $2 AND fault = $3 RETURNING 1`, [
      merchantId,
      provider,
      fault,
    ]);
    return gone.length > 0;
  }
  const [row] = await db.query<{ options: FaultOptions }>(
    `SELECT options FROM einv_faults WHERE merchant_id = $1 AND provider = $2 AND fault = $3`,
    [merchantId, provider, fault],
  );
  if (!row) return false;
  const count = row.options?.count ?? (fault === 'create-fails' ? 1 : undefined);
  if (count === undefined) return true;
  if (count <= 1) await setFault(db, merchantId, provider, fault, false);
  else
    await db.query(`UPDATE einv_faults SET options = $4::jsonb WHERE merchant_id = $1 AND provider = $2 AND fault = $3`, [
      merchantId,
      provider,
      fault,
      JSON.stringify({ ...row.options, count: count - 1 }),
    ]);
  return true;
}

/** Waits `ms` of real time (the serial-slow fault; the portal's time-out is a real-time one too). */
export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
