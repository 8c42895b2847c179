import { describe, expect, it } from 'vitest';
import { fakePortalClient } from '../shared/testing/fake-server';
import { createShopQrApi } from '.';

const row = {
  id: 4,
  channel_id: 4,
  va_type: 'BILL',
  va_account_no: '969910000001000004',
  bank_account_no: '0100000011',
  bank_code: 'VCB',
  holder_name: 'NGUYEN VAN MINH',
  channel: 'IN_STORE',
  amount: 150000,
  store_id: 1,
  store_name: 'Phố Cổ - Hàng Bạc',
  staff_id: 'NV002',
  staff_name: 'Phạm Đức Anh',
  created_at: '2026-11-22T10:00:00+07:00',
};

function api() {
  const { server, client } = fakePortalClient();
  return { server, shopqr: createShopQrApi(client) };
}

describe('ShopQR calls', () => {
  it('list sends page and page_size and reads the paging', async () => {
    const { server, shopqr } = api();
    server.on('GET', '/api/portal/channel-payment', () => ({ body: { data: [row], total_page: 3, page: 2, page_size: 10 } }));
    await expect(shopqr.list({ page: 2, pageSize: 10 })).resolves.toMatchObject({
      totalPage: 3,
      page: 2,
      pageSize: 10,
      rows: [{ va_account_no: row.va_account_no }],
    });
    expect(server.requests[0]!.url).toContain('page=2');
    expect(server.requests[0]!.url).toContain('page_size=10');
  });

  it('a row that breaks the schema is INVALID_RESPONSE, not shown half-read', async () => {
    const { server, shopqr } = api();
    server.on('GET', '/api/portal/channel-payment', () => ({ body: { data: [{ ...row, va_account_no: '123' }], total_page: 1 } }));
    await expect(shopqr.list({ page: 1, pageSize: 10 })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('detail accepts bare base64 or a data: URL and answers bare base64', async () => {
    const { server, shopqr } = api();
    let prefix = '';
    server.on('GET', '/api/portal/channel-payment', () => ({ body: { data: { ...row, qr_base64: `${prefix}iVBORw0KGgoAAAANSUhEUgAA` } } }));
    expect((await shopqr.detail(row.va_account_no)).qr_base64).toBe('iVBORw0KGgoAAAANSUhEUgAA');
    prefix = 'data:image/png;base64,';
    expect((await shopqr.detail(row.va_account_no)).qr_base64).toBe('iVBORw0KGgoAAAANSUhEUgAA');
    expect(server.requests[0]!.url).toContain(`va_account_no=${row.va_account_no}`);
    server.on('GET', '/api/portal/channel-payment', () => ({ body: { data: { ...row, qr_base64: '<svg onload=alert(1)>' } } }));
    await expect(shopqr.detail(row.va_account_no)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('create posts the body; a refusal keeps its code and data (STAFF_LINK_VA names the staff)', async () => {
    const { server, shopqr } = api();
    server.on('POST', '/api/portal/channel-payment', (req) =>
      (req.body as { staff_id: string }).staff_id === 'NV001'
        ? { status: 409, body: { error_code: 'STAFF_LINK_VA', message: 'linked', data: { staff_name: 'Lê Thị Hồng' } } }
        : { body: { data: row } },
    );
    const body = {
      type: 'BILL',
      bank_account_no: '0100000011',
      store_id: null,
      store_name: null,
      staff_id: 'NV002',
      channel: 'IN_STORE',
      amount: 150000,
    } as const;
    await expect(shopqr.create(body)).resolves.toMatchObject({ channel_id: 4 });
    expect(server.requests[0]!.body).toEqual(body);
    await expect(shopqr.create({ ...body, staff_id: 'NV001' })).rejects.toMatchObject({
      code: 'STAFF_LINK_VA',
      data: { staff_name: 'Lê Thị Hồng' },
    });
  });

  it('delete sends channel_id; staff and bank accounts fetch their dropdown sizes', async () => {
    const { server, shopqr } = api();
    server.on('DELETE', '/api/portal/channel-payment', () => ({ body: { data: { success: true, channel_id: 4 } } }));
    server.on('GET', '/api/portal/metadata/list-staff', () => ({
      body: { data: [{ id: 1, staff_id: 'NV001', full_name: 'A', store_id: null, store_name: null }], total_page: 1 },
    }));
    server.on('GET', '/api/portal/metadata/bank-account', () => ({
      body: {
        data: [{ id: 1, name: '0100000011', holder_name: 'X', bank_code: 'VCB', is_internal_transfer: true }],
        total_page: 1,
      },
    }));
    await shopqr.remove(4);
    expect(server.requests[0]!.url).toContain('channel_id=4');
    expect(await shopqr.staff()).toHaveLength(1);
    expect(server.requests[1]!.url).toContain('page_size=100000');
    expect((await shopqr.bankAccounts())[0]!.is_internal_transfer).toBe(true);
    // core §9: the bank-account dropdown asks for up to 100,000 rows, not the /bank screen's pages of 100.
    expect(server.requests[2]!.url).toContain('/metadata/bank-account');
    expect(server.requests[2]!.url).toContain('page_size=100000');
  });
});
