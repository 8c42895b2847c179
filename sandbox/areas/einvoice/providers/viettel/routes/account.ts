import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../../../../platform/context';
import { accountByUsername, checkLogin, issueToken } from '../../../core/accounts';
import { lookupCompany } from '../../../core/companies';
import { delay, faultState } from '../../../core/faults';
import { isValidTaxCode, taxCodeProblem } from '../../../core/taxcode';
import { viettelLoginSchema, viettelTemplatesSchema } from '../schemas';
import { PROVIDER, VIETTEL_API, ViettelError, parse, assertUp, caller, ownSupplier, viettelTemplateCode, ok, queryText } from '../common';

/** Login, the tax-code look-ups, the declaration and the templates: what a till asks before it issues. */
export function registerViettelAccountRoutes(scope: FastifyInstance, ctx: SandboxContext): void {
  scope.post('/auth/login', async (request) => {
    const body = parse(viettelLoginSchema, request.body);
    const known = await accountByUsername(ctx.db, PROVIDER, body.username);
    if (known) await assertUp(ctx, known.merchantId);
    const login = await checkLogin(ctx.db, PROVIDER, body.username, body.password);
    if (!login.ok) throw new ViettelError(401, 'INVALID_CREDENTIALS', 'Tên đăng nhập hoặc mật khẩu không đúng');
    const token = await issueToken(ctx.db, PROVIDER, login.account.merchantId, ctx.clock.now());
    return { access_token: token.token, token_type: 'bearer', expires_in: Math.floor(token.ttlMs / 1000), scope: 'openid' };
  });

  // Public, like the tax-code check the setup runs before a login (doc 2 §5).
  scope.get(`${VIETTEL_API}/InvoiceUtilsWS/checkTaxCode`, async (request) => {
    const taxCode = queryText(request, 'taxCode', 20);
    const problem = taxCodeProblem(taxCode);
    if (problem) throw new ViettelError(400, 'TAX_CODE_INVALID', `Mã số thuế không hợp lệ (${problem})`);
    return ok({ result: { taxCode, valid: true } });
  });

  scope.get(`${VIETTEL_API}/InvoiceUtilsWS/getCompanyInfo`, async (request) => {
    await caller(ctx, request);
    const taxCode = queryText(request, 'taxCode', 20);
    if (!isValidTaxCode(taxCode)) throw new ViettelError(400, 'TAX_CODE_INVALID', 'Mã số thuế không hợp lệ');
    const company = lookupCompany(taxCode);
    if (!company) throw new ViettelError(404, 'TAX_CODE_NOT_FOUND', 'Không tìm thấy thông tin doanh nghiệp');
    return ok({
      result: {
        taxCode: company.taxCode,
        name: company.name,
        address: company.address,
        representative: company.representative,
        email: company.email,
        phone: company.phone,
      },
    });
  });

  scope.get(`${VIETTEL_API}/InvoiceUtilsWS/getDeclarationStatus`, async (request) => {
    const { merchantId, account } = await caller(ctx, request);
    ownSupplier(account, queryText(request, 'taxCode', 20));
    const pending = (await faultState(ctx.db, merchantId, PROVIDER)).declarationPending;
    return ok({
      result: {
        taxCode: account.taxCode,
        status: pending ? 'PENDING' : account.declarationStatus,
        declarations: account.declarations.map((d) => ({ ...d, status: pending ? 'PENDING' : d.status })),
      },
    });
  });

  scope.post(`${VIETTEL_API}/InvoiceUtilsWS/getInvoiceTemplates`, async (request) => {
    const { merchantId, account } = await caller(ctx, request);
    const body = parse(viettelTemplatesSchema, request.body);
    ownSupplier(account, body.taxCode);
    const slow = (await faultState(ctx.db, merchantId, PROVIDER)).serialSlowMs;
    if (slow !== null) await delay(slow);
    return ok({
      template: account.series
        .filter((s) => s.active && (!body.invoiceType || s.template_code === body.invoiceType))
        .map((s) => ({
          templateCode: viettelTemplateCode(s),
          invoiceSeries: s.value,
          invoiceType: s.template_code,
          invoiceTypeName: s.inv_type_name,
        })),
    });
  });
}
