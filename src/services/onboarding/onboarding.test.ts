// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fakePortalClient } from '../shared/testing/fake-server';
import { createOnboardingApi } from '.';

function api() {
  const { server, client } = fakePortalClient();
  return { server, onboarding: createOnboardingApi(client) };
}

describe('onboarding calls (doc 2 §7 /saas/*, CONTRACT14 §G)', () => {
  it('registers by code with type_id 2 and the merchant as entity_id', async () => {
    const { server, onboarding } = api();
    server.on('POST', '/api/portal/saas/subscription/register/code', () => ({ body: { data: { is_active: true, plan: 'FULL' } } }));
    await expect(onboarding.registerCode('SALE-FULL-2026', '10000009')).resolves.toEqual({
      is_active: true,
      plan: 'FULL',
      activated_at: null,
    });
    expect(server.requests[0]!.body).toEqual({ code: 'SALE-FULL-2026', entity_id: '10000009', type_id: 2 });
  });

  it('registers free, reads the subscription, and carries a refusal code for the toast', async () => {
    const { server, onboarding } = api();
    server.on('POST', '/api/portal/saas/subscription/register/free', () => ({
      body: { data: { is_active: true, plan: 'FREE', activated_at: 1764000000 } },
    }));
    await expect(onboarding.registerFree('10000009')).resolves.toMatchObject({ plan: 'FREE', activated_at: 1764000000 });
    expect(server.requests[0]!.body).toEqual({ entity_id: '10000009' });
    server.on('GET', '/api/portal/saas/subscription', () => ({ body: { data: { is_active: false, plan: null, activated_at: null } } }));
    await expect(onboarding.subscription()).resolves.toEqual({ is_active: false, plan: null, activated_at: null });
    server.on('POST', '/api/portal/saas/subscription/register/code', () => ({
      status: 400,
      body: { error_code: 'CODE_INVALID', message: 'The code is not valid or has expired', data: { field: 'code' } },
    }));
    await expect(onboarding.registerCode('NOPE', '10000009')).rejects.toMatchObject({ code: 'CODE_INVALID', status: 400 });
  });

  it('saves one setting at a time (partial PUT) and the first category with an empty description', async () => {
    const { server, onboarding } = api();
    const merchant = {
      merchant_id: '1',
      logo: null,
      banner: null,
      address: 'a',
      hotline: 'h',
      website: 'https://a.vn/',
      point_percent: 2.5,
      is_fnb: false,
    };
    server.on('PUT', '/api/portal/saas/merchant', () => ({ body: { data: merchant } }));
    await onboarding.saveSettings({ point_percent: 2.5 });
    expect(server.requests[0]!.body).toEqual({ point_percent: 2.5 });
    server.on('POST', '/api/portal/category/', () => ({ body: { data: { id: 40 } } }));
    await expect(onboarding.createCategory('Bánh mì')).resolves.toEqual({ id: 40 });
    expect(server.requests[1]!.body).toEqual({ name: 'Bánh mì', description: '' });
  });
});
