// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fakePortalClient } from '../shared/testing/fake-server';
import { createStaffApi, updateBody } from '.';
import { passwordDigest, sha256Hex } from './password-digest';

const row = {
  id: 7,
  staff_id: 'NV005',
  full_name: 'Nguyễn Thị Hồng',
  phone: '0981234567',
  email: 'hong@staff.example.vn',
  store_id: 1,
  store_name: 'Phố Cổ - Hàng Bạc',
  address: '12 Hàng Bạc',
  has_login: true,
};

function api() {
  const { server, client } = fakePortalClient();
  return { server, staff: createStaffApi(client) };
}

const nodeDigest = (p: string) => createHash('sha256').update(p.normalize('NFC'), 'utf8').digest('hex');

describe('the password digest (core §5 hashed before sending, D97)', () => {
  it('is SHA-256 hex: the standard vectors and node:crypto agree', () => {
    expect(sha256Hex(new Uint8Array())).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(passwordDigest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    // Block boundaries: 55, 56 and 64 bytes pad differently.
    for (const p of ['a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'a'.repeat(1000), 'Mật khẩu', '🔒💳', 'Staff@2026']) {
      expect(passwordDigest(p)).toBe(nodeDigest(p));
    }
  });

  it('reads composed and decomposed accents as one password', () => {
    expect(passwordDigest('Me\u0301t')).toBe(passwordDigest('Mét'));
  });
});

describe('staff calls', () => {
  it('list sends page and page_size and reads the paging', async () => {
    const { server, staff } = api();
    server.on('GET', '/api/portal/staff', () => ({ body: { data: [row], total_page: 3, page: 2, page_size: 10 } }));
    await expect(staff.list({ page: 2, pageSize: 10 })).resolves.toMatchObject({ totalPage: 3, page: 2, rows: [{ id: 7 }] });
    expect(server.requests[0]!.url).toContain('page=2');
    expect(server.requests[0]!.url).toContain('page_size=10');
  });

  it('a row that breaks the schema is INVALID_RESPONSE', async () => {
    const { server, staff } = api();
    server.on('GET', '/api/portal/staff', () => ({ body: { data: [{ ...row, id: 'seven' }], total_page: 1 } }));
    await expect(staff.list({ page: 1, pageSize: 10 })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('get asks by id', async () => {
    const { server, staff } = api();
    server.on('GET', '/api/portal/staff', () => ({ body: { data: row } }));
    await expect(staff.get(7)).resolves.toMatchObject({ staff_id: 'NV005' });
    expect(server.requests[0]!.url).toContain('id=7');
  });

  it('add sends the password only as its digest', async () => {
    const { server, staff } = api();
    server.on('POST', '/api/portal/staff', () => ({ body: { data: row } }));
    await staff.add({
      staff_id: 'NV005',
      full_name: row.full_name,
      phone: row.phone,
      email: row.email,
      store_id: 1,
      address: 'x',
      password: 'Bí mật 1',
    });
    const sent = server.requests[0]!.body as Record<string, unknown>;
    expect(sent.password).toBe(nodeDigest('Bí mật 1'));
    expect(JSON.stringify(sent)).not.toContain('Bí mật');
    expect(sent).toMatchObject({ staff_id: 'NV005', store_id: 1 });
  });

  it('update sends both passwords as digests, neither when the password is not changed, and never id-or-e-mail changes', async () => {
    const { server, staff } = api();
    server.on('PUT', '/api/portal/staff', () => ({ body: { data: row } }));
    await staff.update({ id: 7, full_name: 'A', phone: row.phone, store_id: 1, address: '', old_password: 'Old123', password: 'New456' });
    const sent = server.requests[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ id: 7, old_password: nodeDigest('Old123'), password: nodeDigest('New456') });
    expect(JSON.stringify(sent)).not.toMatch(/Old123|New456/);
    expect(sent).not.toHaveProperty('email');
    expect(updateBody({ id: 7, full_name: 'A', phone: row.phone, store_id: 1, address: '' })).toEqual({
      id: 7,
      full_name: 'A',
      phone: row.phone,
      store_id: 1,
      address: '',
    });
    // First password of a staff member without a sign-in: no old one to send.
    expect(updateBody({ id: 7, full_name: 'A', phone: row.phone, store_id: 1, address: '', password: 'New456' })).not.toHaveProperty(
      'old_password',
    );
  });

  it('remove deletes by id; a refusal keeps its code and data', async () => {
    const { server, staff } = api();
    server.on('DELETE', '/api/portal/staff', () => ({ body: { data: { success: true, id: 7 } } }));
    await staff.remove(7);
    expect(server.requests[0]!.url).toContain('id=7');
    server.on('DELETE', '/api/portal/staff', () => ({
      status: 409,
      body: { error_code: 'STAFF_LINK_VA', message: 'x', data: { staff_id: 'NV005', staff_name: 'Nguyễn Thị Hồng' } },
    }));
    await expect(staff.remove(7)).rejects.toMatchObject({ code: 'STAFF_LINK_VA', data: { staff_name: 'Nguyễn Thị Hồng' } });
  });
});
