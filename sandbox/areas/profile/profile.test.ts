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
});
