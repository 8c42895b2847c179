// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessProfileSchema } from '../../platform/test/portal-schemas';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

describe('business profile', () => {
  it('GET /business parses with businessProfileSchema', async () => {
    const { access_token } = await t.login('phoco', 'Phoco@2026');
    const res = await t.api('GET', '/api/portal/business', { token: access_token });
    const profile = businessProfileSchema.parse(res.body.data);
    expect(profile).toMatchObject({ name: 'CÔNG TY TNHH ẨM THỰC PHỐ CỔ', tax_no: '0108123455', merchant_code: 'PHOCO001' });
    expect(profile.representative_name).toBe('Nguyễn Văn Minh');
  });

  it('answers the caller’s own merchant only, to the owner and to staff (D87: open to staff); a sign-in is needed', async () => {
    expect((await t.api('GET', '/api/portal/business')).body.error_code).toBe('AUTHEN_FAIL');
    const staff = await t.login('phoco.staff', 'Staff@2026');
    const asStaff = businessProfileSchema.parse((await t.api('GET', '/api/portal/business', { token: staff.access_token })).body.data);
    expect(asStaff.merchant_code).toBe('PHOCO001');
    const colan = await t.login('colan', 'Colan@2026');
    const theirs = businessProfileSchema.parse((await t.api('GET', '/api/portal/business', { token: colan.access_token })).body.data);
    expect(theirs.merchant_code).not.toBe('PHOCO001');
    expect(theirs.tax_no).not.toBe('0108123455');
  });
});
