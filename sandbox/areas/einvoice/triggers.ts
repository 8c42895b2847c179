import { ApiError } from '../../platform/http/envelope';
import { merchantOf, MERCHANT_PARAM } from '../../platform/triggers/params';
import type { TriggerDefinition } from '../../platform/triggers/registry';
import { invoiceQueueOf } from '../../platform/sale/einvoice-wake';
import { expireTokens } from './core/accounts';
import { FAULTS, isFaultName, MAX_SERIAL_SLOW_MS, setFault, type FaultOptions } from './core/faults';
import { isProviderRoute, PROVIDER_ROUTES, type ProviderRoute } from './core/types';

function providerParam(value: string | undefined, required: boolean): ProviderRoute | undefined {
  if (!value && !required) return undefined;
  if (!isProviderRoute(value)) {
    throw new ApiError(400, 'BAD_REQUEST', `provider must be one of ${PROVIDER_ROUTES.join(', ')}`, { fields: ['provider'] });
  }
  return value;
}

function wholeParam(value: string | undefined, name: string, max: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > max) {
    throw new ApiError(400, 'BAD_REQUEST', `${name} must be a whole number from 1 to ${max}`, { fields: [name] });
  }
  return n;
}

const isOn = (value: string | undefined) => value === undefined || value === '' || value === 'false';

/** Triggers of the e-invoice provider emulators (docs/areas/einvoice.md "Triggers"). */
export const einvoiceTriggers: TriggerDefinition[] = [
  {
    // D248: what the worker's timer does, at once, so a test or a person never waits for it.
    name: 'einvoice-auto-export-run',
    summary:
      "Runs the sale service's e-invoice queue now: every due job (an order paid with auto export on) is issued at the provider; answers the order ids issued, retrying and failed",
    params: [],
    async run(ctx) {
      const queue = invoiceQueueOf(ctx.db);
      if (!queue) throw new ApiError(409, 'QUEUE_STOPPED', 'The e-invoice queue is not running');
      return queue.runDue();
    },
  },
  {
    name: 'einvoice-fault',
    summary:
      "Switches a provider emulator's fault on or off for one merchant (serial-slow, down, already-exported, declaration-pending, pdf-not-ready, create-fails)",
    params: [
      { name: 'provider', description: PROVIDER_ROUTES.join(' | '), required: true },
      { name: 'fault', description: FAULTS.join(' | '), required: true },
      { name: 'off', description: 'present (or "true"): switch it off instead' },
      { name: 'delay_ms', description: 'serial-slow: how long the series list waits (default 41000)' },
      {
        name: 'count',
        description:
          'pdf-not-ready: how many PDF asks fail (default: until switched off); create-fails: how many creates are refused (default 1)',
      },
      MERCHANT_PARAM,
    ],
    async run(ctx, params) {
      const provider = providerParam(params.provider, true)!;
      if (!isFaultName(params.fault)) {
        throw new ApiError(400, 'BAD_REQUEST', `fault must be one of ${FAULTS.join(', ')}`, { fields: ['fault'] });
      }
      const merchantId = await merchantOf(ctx, params);
      const on = isOn(params.off);
      const options: FaultOptions = {};
      const delayMs = wholeParam(params.delay_ms, 'delay_ms', MAX_SERIAL_SLOW_MS);
      const count = wholeParam(params.count, 'count', 1000);
      if (delayMs !== undefined) options.delayMs = delayMs;
      if (count !== undefined) options.count = count;
      await setFault(ctx.db, merchantId, provider, params.fault, on, options, ctx.clock.now());
      return { merchant_id: merchantId, provider, fault: params.fault, on, ...options };
    },
  },
  {
    name: 'einvoice-expire-tokens',
    summary: "Ends a merchant's provider tokens now (Viettel then answers HTTP 500 GENERAL, the others their expiry)",
    params: [{ name: 'provider', description: `${PROVIDER_ROUTES.join(' | ')} (default: all)` }, MERCHANT_PARAM],
    async run(ctx, params) {
      const provider = providerParam(params.provider, false);
      const merchantId = await merchantOf(ctx, params);
      const expired = await expireTokens(ctx.db, merchantId, ctx.clock.now(), provider);
      return { merchant_id: merchantId, provider: provider ?? 'all', expired };
    },
  },
];
