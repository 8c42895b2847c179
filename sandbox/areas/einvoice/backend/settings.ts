import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../../platform/context';
import { hashPassword } from '../../../platform/auth/passwords';
import { authenticate, authenticateOwner } from '../../../platform/http/authenticate';
import { ApiError, ok } from '../../../platform/http/envelope';
import { checkLogin, getAccount } from '../core/accounts';
import { isValidTaxCode } from '../core/taxcode';
import type { ProviderRoute } from '../core/types';
import { recordAudit } from '../../audit';

/** The settings' VAT choices of doc 2 §9, kept on the wire for the spec's call; invoices take each line's own rate (D229). */
const VAT_CHOICES = [10, 8, 5, 0] as const;
import { badRequest, bodyOf, optionalBoolean, optionalText, providerOf, SSO_PROVIDERS, upper } from './common';

/**
 * The product backend's e-invoice settings (doc 2 §7 "sync provider settings with uppercase provider
 * route"; docs/areas/einvoice.md "Product backend calls"): GET (owner and staff: exporting needs to
 * know the set-up), PUT and DELETE (the owner's, D87). The password is checked against the provider
 * account, kept as a hash and never answered.
 */

interface SettingsRow {
  provider: ProviderRoute;
  active_method: 'merchant_account' | 'einv_provider_account';
  tax_code: string;
  username: string | null;
  password_hash: string | null;
  serial: string | null;
  tax: number | null;
  auto_export: boolean;
  print_invoice: boolean;
  active: boolean;
  updated_at: number;
}

export const ACTIVE_METHODS = ['merchant_account', 'einv_provider_account'] as const;

const toWire = (r: SettingsRow) => ({
  provider: upper(r.provider),
  active_method: r.active_method,
  tax_code: r.tax_code,
  username: r.username,
  has_password: r.password_hash !== null,
  serial: r.serial,
  tax: r.tax,
  autoExport: r.auto_export,
  printInvoice: r.print_invoice,
  active: r.active,
  updated_at: Number(r.updated_at),
});

export async function readSettings(ctx: SandboxContext, merchantId: string): Promise<SettingsRow | null> {
  const [row] = await ctx.db.query<SettingsRow & Record<string, unknown>>(`SELECT * FROM einv_settings WHERE merchant_id = $1`, [
    merchantId,
  ]);
  return row ?? null;
}

/** The settings as the audit log keeps them (D299): never the password, only whether a new one was given. */
const auditValues = (r: SettingsRow | null) =>
  r && {
    provider: upper(r.provider),
    active_method: r.active_method,
    tax_code: r.tax_code,
    username: r.username,
    serial: r.serial,
    tax: r.tax,
    auto_export: r.auto_export,
    print_invoice: r.print_invoice,
  };

const loginFail = () => new ApiError(400, 'EINV_LOGIN_FAIL', 'Username or password is incorrect', { field: 'password' });

export function registerSettingsRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/einvoice/setting', async (request) => {
    const { user } = await authenticate(ctx, request);
    const row = await readSettings(ctx, user.merchant_id);
    return ok(row ? toWire(row) : null);
  });

  app.put('/einvoice/setting', async (request) => {
    const { user } = await authenticateOwner(ctx, request);
    const body = bodyOf(request);
    const provider = providerOf(body.provider);
    const method = body.active_method ?? 'einv_provider_account';
    if (typeof method !== 'string' || !(ACTIVE_METHODS as readonly string[]).includes(method)) {
      throw badRequest('active_method', `active_method must be ${ACTIVE_METHODS.join(' or ')}`);
    }
    if (method === 'merchant_account' && !SSO_PROVIDERS.includes(provider)) {
      throw badRequest('active_method', `${upper(provider)} has no merchant-account login`);
    }
    const taxCode = optionalText(body, 'tax_code', 20);
    if (!taxCode) throw badRequest('tax_code', 'tax_code is required', 'REQUIRED');
    if (!isValidTaxCode(taxCode)) throw badRequest('tax_code', 'Tax code is invalid', 'EINV_TAX_CODE_INVALID');
    // `tax` is the VAT percent (doc 2 §3 form values); `vat` is read as the same when `tax` is absent.
    const rawTax = body.tax ?? body.vat;
    if (body.tax !== undefined && body.vat !== undefined && body.tax !== body.vat) throw badRequest('tax', 'tax and vat disagree');
    if (rawTax !== undefined && rawTax !== null && !(VAT_CHOICES as readonly unknown[]).includes(rawTax)) {
      throw badRequest('tax', `tax (VAT percent) must be one of ${VAT_CHOICES.join(', ')}`);
    }
    const tax = (rawTax ?? null) as number | null;
    const serialValue = optionalText(body, 'serial', 20);
    const autoExport = optionalBoolean(body, 'autoExport', false);
    const printInvoice = optionalBoolean(body, 'printInvoice', false);

    const account = await getAccount(ctx.db, user.merchant_id, provider, ctx.clock.now());
    if (!account) throw new ApiError(404, 'NOT_FOUND', 'No account with this provider');
    if (account.taxCode !== taxCode) throw badRequest('tax_code', 'The tax code is not the provider account’s', 'EINV_TAX_CODE_INVALID');

    const before = await readSettings(ctx, user.merchant_id);
    let username: string | null = null;
    let passwordHash: string | null = null;
    if (method === 'merchant_account') {
      if (!account.ssoLinked) throw new ApiError(400, 'EINV_SSO_NOT_LINKED', 'Link the merchant account first', { field: 'active_method' });
    } else {
      const name = optionalText(body, 'username', 200);
      if (!name) throw badRequest('username', 'username is required', 'REQUIRED');
      const password = body.password;
      if (password === undefined || password === null || password === '') {
        // A later sync (serial and VAT chosen) may leave the password out: the one stored for the same account stays.
        const same =
          before && before.provider === provider && before.username?.toLowerCase() === name.toLowerCase() && before.password_hash;
        if (!same) throw badRequest('password', 'password is required', 'REQUIRED');
        passwordHash = before.password_hash;
      } else {
        if (typeof password !== 'string' || password.length > 200) throw loginFail();
        const login = await checkLogin(ctx.db, provider, name, password, taxCode);
        // Another merchant's provider account is answered like a wrong password: it is not the caller's to store.
        if (!login.ok || login.account.merchantId !== user.merchant_id) {
          if (!login.ok && login.reason === 'tax-code') throw badRequest('tax_code', 'Tax code is invalid', 'EINV_TAX_CODE_INVALID');
          throw loginFail();
        }
        passwordHash = await hashPassword(password);
      }
      username = name;
    }

    let serial: string | null = null;
    if (serialValue) {
      const entry = account.series.find((s) => s.value === serialValue && s.active);
      if (!entry) throw badRequest('serial', 'Not an active series of this provider account', 'EINV_SERIAL_INVALID');
      // A sales-invoice series carries no VAT (doc 2 §5: it sets VAT 0 and locks it).
      if (entry.template_code === '2' && tax !== null && tax !== 0) throw badRequest('tax', 'A sales-invoice series has VAT 0');
      serial = entry.value;
    }

    const row = await ctx.db.transaction(async (tx) => {
      const [saved] = await tx.query<SettingsRow & Record<string, unknown>>(
        `INSERT INTO einv_settings (merchant_id, provider, active_method, tax_code, username, password_hash, serial, tax, auto_export,
         print_invoice, active, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, true, $11)
       ON CONFLICT (merchant_id) DO UPDATE SET provider = EXCLUDED.provider, active_method = EXCLUDED.active_method,
         tax_code = EXCLUDED.tax_code, username = EXCLUDED.username, password_hash = EXCLUDED.password_hash, serial = EXCLUDED.serial,
         tax = EXCLUDED.tax, auto_export = EXCLUDED.auto_export, print_invoice = EXCLUDED.print_invoice, active = true,
         updated_at = EXCLUDED.updated_at
       RETURNING *`,
        [user.merchant_id, provider, method, taxCode, username, passwordHash, serial, tax, autoExport, printInvoice, ctx.clock.now()],
      );
      // D299: the settings and their audit entry land together.
      await recordAudit(tx, ctx.clock.now(), user, {
        action: 'einvoice.settings.save',
        target: 'einvoice_settings',
        targetId: upper(provider),
        before: auditValues(before),
        after: { ...auditValues(saved!)!, password_changed: passwordHash !== (before?.password_hash ?? null) },
      });
      return saved!;
    });
    return ok(toWire(row));
  });

  registerCancelRoute(app, ctx);
}

/** Cancel (doc 2 §4 "clears stored provider, active flags, VAT and serial"), the owner's (D87). */
function registerCancelRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.delete('/einvoice/setting', async (request) => {
    const { user } = await authenticateOwner(ctx, request);
    const gone = await ctx.db.transaction(async (tx) => {
      const rows = await tx.query<SettingsRow & Record<string, unknown>>(`DELETE FROM einv_settings WHERE merchant_id = $1 RETURNING *`, [
        user.merchant_id,
      ]);
      // D299: only a cancel that cleared something is an action worth an entry.
      if (rows[0]) {
        await recordAudit(tx, ctx.clock.now(), user, {
          action: 'einvoice.settings.cancel',
          target: 'einvoice_settings',
          targetId: upper(rows[0].provider),
          before: auditValues(rows[0]),
        });
      }
      return rows;
    });
    return ok({ success: true, cleared: gone.length > 0 });
  });
}
