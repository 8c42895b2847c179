import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../../../../platform/context';
import { DAY_MS, vnDateStart } from '../../../../../platform/vn-time';
import { accountByUsername, checkLogin, issueToken } from '../../../core/accounts';
import { lookupCompany } from '../../../core/companies';
import { delay } from '../../../core/faults';
import { isValidTaxCode, taxCodeProblem } from '../../../core/taxcode';
import { MISA_APP_ID, MISA_ERRORS, misaTokenBody } from '../wire';
import {
  PROVIDER,
  MisaRefusal,
  answer,
  answerJson,
  handle,
  invalid,
  parse,
  queryOf,
  refuseWhenDown,
  caller,
  taxCodeQuery,
} from '../common';

/** The token, the tax-code look-ups, the series and the declaration: what a till asks before it issues. */
export function registerMisaAccountRoutes(scope: FastifyInstance, ctx: SandboxContext): void {
  scope.post(
    '/api/integration/auth/token',
    handle(async (request) => {
      const body = parse(misaTokenBody, request.body);
      if (body.appid !== MISA_APP_ID) throw new MisaRefusal(MISA_ERRORS.INVALID_APP_ID, 'Invalid AppID');
      const known = await accountByUsername(ctx.db, PROVIDER, body.username);
      if (known) await refuseWhenDown(ctx, known.merchantId);
      const login = await checkLogin(ctx.db, PROVIDER, body.username, body.password, body.taxcode);
      if (!login.ok) throw new MisaRefusal(MISA_ERRORS.LOGIN_FAILED, 'Username or password is incorrect');
      const token = await issueToken(ctx.db, PROVIDER, login.account.merchantId, ctx.clock.now());
      return answer(token.token);
    }),
  );

  // Before login (doc 2 §5): the seller's tax code is checked first, without a token.
  scope.get(
    '/api/integration/company/check-taxcode',
    handle(async (request) => {
      const taxcode = taxCodeQuery(request);
      const problem = taxCodeProblem(taxcode);
      if (problem) throw new MisaRefusal(MISA_ERRORS.INVALID_TAX_CODE, `Invalid tax code (${problem})`);
      return answerJson({ TaxCode: taxcode, Valid: true });
    }),
  );

  scope.get(
    '/api/integration/company/info',
    handle(async (request) => {
      await caller(ctx, request);
      const taxcode = taxCodeQuery(request);
      if (!isValidTaxCode(taxcode)) throw new MisaRefusal(MISA_ERRORS.INVALID_TAX_CODE, 'Invalid tax code');
      const company = lookupCompany(taxcode);
      if (!company) throw new MisaRefusal(MISA_ERRORS.TAX_CODE_NOT_FOUND, 'No company with this tax code');
      return answerJson({
        TaxCode: company.taxCode,
        CompanyName: company.name,
        Address: company.address,
        LegalRepresentative: company.representative,
        Email: company.email,
        Phone: company.phone,
      });
    }),
  );

  // Every series, the inactive ones too (Inactive: true): publishing to one answers TemplateIsNotUsing.
  scope.get(
    '/api/integration/invoice/templates',
    handle(async (request) => {
      const { account, faults } = await caller(ctx, request);
      if (faults.serialSlowMs !== null) await delay(faults.serialSlowMs);
      return answerJson(
        account.series.map((s) => ({
          IPTemplateID: `${account.taxCode}-${s.template_code}${s.value}`,
          TemplateName: s.inv_type_name,
          InvTemplateNo: s.template_code,
          InvSeries: `${s.template_code}${s.value}`,
          InvoiceType: Number(s.template_code),
          Inactive: !s.active,
        })),
      );
    }),
  );

  scope.get(
    '/api/integration/declaration/status',
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
      const from = bound('fromDate', false);
      const to = bound('toDate', true);
      const pending = faults.declarationPending;
      return answerJson({
        TaxCode: account.taxCode,
        Status: pending ? 'PENDING' : account.declarationStatus,
        Declarations: account.declarations
          .filter((d) => d.create_date >= from && d.create_date <= to)
          .sort((a, b) => b.create_date - a.create_date)
          .map((d) => (pending ? { ...d, status: 'PENDING', status_reply: 'WAITING' } : d)),
      });
    }),
  );
}
