import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../../../../platform/context';
import { vnDateStart, DAY_MS } from '../../../../../platform/vn-time';
import { accountByUsername, checkLogin, issueToken } from '../../../core/accounts';
import { lookupCompany } from '../../../core/companies';
import { delay } from '../../../core/faults';
import { isValidTaxCode, taxCodeProblem } from '../../../core/taxcode';
import { MI_CODES, miLoginBody } from '../wire';
import {
  PROVIDER,
  MI_UNIT_CODE,
  MiRefusal,
  handle,
  ok,
  invalid,
  headerText,
  parse,
  refuseWhenDown,
  caller,
  queryOf,
  taxCodeQuery,
} from '../common';

/** Login, the tax-code look-ups, the series and the declaration: what a till asks before it issues. */
export function registerMInvoiceAccountRoutes(scope: FastifyInstance, ctx: SandboxContext): void {
  scope.post(
    '/api/Account/Login',
    handle(async (request) => {
      const taxCode = headerText(request, 'taxcode');
      const body = parse(miLoginBody, request.body);
      if (!taxCode) throw invalid(['TaxCode']);
      const known = await accountByUsername(ctx.db, PROVIDER, body.username);
      if (known) await refuseWhenDown(ctx, known.merchantId);
      const login = await checkLogin(ctx.db, PROVIDER, body.username, body.password, taxCode);
      if (!login.ok || body.ma_dvcs !== MI_UNIT_CODE) {
        throw new MiRefusal(MI_CODES.LOGIN_FAILED, 'Tên đăng nhập, mật khẩu hoặc mã đơn vị không đúng');
      }
      const token = await issueToken(ctx.db, PROVIDER, login.account.merchantId, ctx.clock.now());
      return { code: MI_CODES.OK, message: 'Đăng nhập thành công', token: token.token, expires_in: Math.floor(token.ttlMs / 1000) };
    }),
  );

  // Before login (doc 2 §5: the tax code is checked with the provider first): no token.
  scope.get(
    '/api/Company/CheckTaxCode',
    handle(async (request) => {
      const mst = taxCodeQuery(request);
      const problem = taxCodeProblem(mst);
      if (problem)
        throw new MiRefusal(MI_CODES.TAX_CODE_INVALID, 'Mã số thuế không hợp lệ', { data: { mst, valid: false, reason: problem } });
      return ok({ mst, valid: true });
    }),
  );

  scope.get(
    '/api/Company/GetInfoByTaxCode',
    handle(async (request) => {
      await caller(ctx, request);
      const mst = taxCodeQuery(request);
      if (!isValidTaxCode(mst)) throw new MiRefusal(MI_CODES.TAX_CODE_INVALID, 'Mã số thuế không hợp lệ');
      const company = lookupCompany(mst);
      if (!company) throw new MiRefusal(MI_CODES.TAX_CODE_UNKNOWN, 'Không tìm thấy doanh nghiệp với mã số thuế này');
      return ok({
        mst: company.taxCode,
        ten_cty: company.name,
        dia_chi: company.address,
        nguoi_dai_dien: company.representative,
        email: company.email,
        dien_thoai: company.phone,
      });
    }),
  );

  scope.get(
    '/api/Invoice68/GetTypeInvoiceSeries',
    handle(async (request) => {
      const { account, faults } = await caller(ctx, request);
      if (faults.serialSlowMs !== null) await delay(faults.serialSlowMs);
      return ok(
        account.series
          .filter((s) => s.active)
          .map((s) => ({
            khhdon: `${s.template_code}${s.value}`,
            khmshdon: s.template_code,
            ky_hieu: s.value,
            ten_loai: s.inv_type_name,
          })),
      );
    }),
  );

  // The seller's registration (tờ khai) with the tax authority; doc 2 §4 checks it from 1 January.
  scope.get(
    '/api/ToKhai/GetTrangThai',
    handle(async (request) => {
      const { account, faults } = await caller(ctx, request);
      const query = queryOf(request);
      const bound = (name: string, end: boolean) => {
        const value = query[name];
        if (value === undefined || value === '') return end ? Infinity : -Infinity;
        const start = typeof value === 'string' ? vnDateStart(value) : null;
        if (start === null) throw invalid([name]);
        return end ? start + DAY_MS - 1 : start;
      };
      const from = bound('tu_ngay', false);
      const to = bound('den_ngay', true);
      const status = faults.declarationPending ? 'PENDING' : account.declarationStatus;
      const records = account.declarations
        .filter((d) => d.create_date >= from && d.create_date <= to)
        .sort((a, b) => b.create_date - a.create_date)
        .map((d) => (faults.declarationPending ? { ...d, status: 'PENDING', status_reply: 'WAITING' } : d));
      return ok({ mst: account.taxCode, trang_thai: status, ds_to_khai: records });
    }),
  );
}
