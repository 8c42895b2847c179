// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../../platform/test/harness';
import { EINV_PASSWORD } from '../core/accounts';
import { backendFixtures } from './testing';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(() => t.close());

const { copyOf, portal } = backendFixtures(() => t);

describe('issue 27 §6: e-invoice settings in the audit log (D299)', () => {
  it('issue 27 §6: a save records before and after without the password, a second save its change, a cancel what it cleared', async () => {
    const m = await copyOf();
    const body = {
      provider: 'MISA',
      tax_code: '0108123455',
      username: m.user('misa'),
      password: EINV_PASSWORD,
      active_method: 'einv_provider_account',
      autoExport: true,
      printInvoice: false,
    };
    expect((await portal(m.token, 'PUT', '/einvoice/setting', body)).status).toBe(200);
    const { password: _password, ...withoutPassword } = body;
    expect((await portal(m.token, 'PUT', '/einvoice/setting', { ...withoutPassword, autoExport: false })).status).toBe(200);
    expect((await portal(m.token, 'DELETE', '/einvoice/setting')).status).toBe(200);
    // A second cancel clears nothing and records nothing.
    await portal(m.token, 'DELETE', '/einvoice/setting');
    const rows = (await portal(m.token, 'GET', '/audit-log')).body.data;
    expect(rows.map((r: { action: string }) => r.action)).toEqual([
      'einvoice.settings.cancel',
      'einvoice.settings.save',
      'einvoice.settings.save',
    ]);
    const [cancel, second, first] = rows;
    expect(first).toMatchObject({ target_type: 'einvoice_settings', target_id: 'MISA', before: null, user_role: 'Customer' });
    expect(first.after).toEqual({
      provider: 'MISA',
      active_method: 'einv_provider_account',
      tax_code: '0108123455',
      username: m.user('misa'),
      serial: null,
      tax: null,
      auto_export: true,
      print_invoice: false,
      password_changed: true,
    });
    expect(second.before).toMatchObject({ auto_export: true });
    expect(second.after).toMatchObject({ auto_export: false, password_changed: false });
    expect(cancel).toMatchObject({ after: null, before: { provider: 'MISA', auto_export: false } });
    expect(JSON.stringify(rows)).not.toContain(EINV_PASSWORD);
    expect(JSON.stringify(rows)).not.toContain('scrypt');
  });
});
