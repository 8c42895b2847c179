import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../../../../platform/context';
import { accountByUsername, checkLogin, issueToken } from '../../../core/accounts';
import { lookupCompany } from '../../../core/companies';
import { delay, faultState } from '../../../core/faults';
import { isValidTaxCode, taxCodeProblem } from '../../../core/taxcode';
import { fptSigninSchema } from '../schemas';
import { PROVIDER, FptError, parse, assertUp, caller, ownTaxCode, queryOf } from '../common';

/** Sign-in, the tax-code look-ups, the series and the declaration: what a till asks before it issues. */
export function registerFptAccountRoutes(scope: FastifyInstance, ctx: SandboxContext): void {
  scope.post('/signin', async (request) => {
    const body = parse(fptSigninSchema, request.body);
    const known = await accountByUsername(ctx.db, PROVIDER, body.username);
    if (known) await assertUp(ctx, known.merchantId);
    const login = await checkLogin(ctx.db, PROVIDER, body.username, body.password, body.stax || undefined);
    if (!login.ok) {
      if (login.reason === 'tax-code') throw new FptError(401, 'TAX_CODE_MISMATCH', 'Mã số thuế không khớp với tài khoản');
      throw new FptError(401, 'AUTH_FAILED', 'Sai tên đăng nhập hoặc mật khẩu');
    }
    const token = await issueToken(ctx.db, PROVIDER, login.account.merchantId, ctx.clock.now());
    return { token: token.token, token_type: 'Bearer', expires_in: Math.floor(token.ttlMs / 1000), stax: login.account.taxCode };
  });

  // Before any login (doc 2 §5: the tax code is checked with the provider first), so no caller.
  scope.get('/taxcode/check', async (request) => {
    const stax = queryOf(request).stax ?? '';
    if (!stax) throw new FptError(400, 'INVALID_DATA', 'stax là bắt buộc', { field: 'stax' });
    const problem = stax.length > 20 ? 'format' : taxCodeProblem(stax);
    if (problem) throw new FptError(400, 'TAX_CODE_INVALID', 'Mã số thuế không hợp lệ', { reason: problem });
    return { stax, valid: true };
  });

  scope.get('/taxcode/info', async (request) => {
    await caller(ctx, request);
    const stax = queryOf(request).stax ?? '';
    if (!stax || stax.length > 20 || !isValidTaxCode(stax)) throw new FptError(400, 'TAX_CODE_INVALID', 'Mã số thuế không hợp lệ');
    const company = lookupCompany(stax);
    if (!company) throw new FptError(404, 'TAX_CODE_NOT_FOUND', 'Không tìm thấy thông tin doanh nghiệp');
    return {
      stax: company.taxCode,
      name: company.name,
      addr: company.address,
      rep: company.representative,
      email: company.email,
      tel: company.phone,
    };
  });

  scope.get('/serials', async (request) => {
    const { merchantId, account } = await caller(ctx, request);
    ownTaxCode(account, queryOf(request).stax);
    const slow = (await faultState(ctx.db, merchantId, PROVIDER)).serialSlowMs;
    if (slow !== null) await delay(slow);
    return {
      data: account.series
        .filter((s) => s.active)
        .map((s) => ({
          form: s.template_code,
          serial: s.value,
          type: s.template_code === '1' ? '01GTKT' : '02GTTT',
          type_name: s.inv_type_name,
        })),
    };
  });

  scope.get('/declaration-status', async (request) => {
    const { merchantId, account } = await caller(ctx, request);
    ownTaxCode(account, queryOf(request).stax);
    const pending = (await faultState(ctx.db, merchantId, PROVIDER)).declarationPending;
    const status = pending ? 'PENDING' : account.declarationStatus;
    return {
      stax: account.taxCode,
      status,
      declarations: account.declarations.map((d) => ({ ...d, status: pending ? 'PENDING' : d.status })),
    };
  });
}
