import { describe, expect, it } from 'vitest';
import { fakePortalClient } from '../shared/testing/fake-server';
import type { EdcDevice } from './schemas';
import { createEdcApi } from '.';
import { samplePos } from './samples';

const device: EdcDevice = samplePos;

function api() {
  const { server, client } = fakePortalClient();
  return { server, edc: createEdcApi(client) };
}

describe('card machine calls', () => {
  it('lists a page with the type filter, and leaves the filter out for both types', async () => {
    const { server, edc } = api();
    server.on('GET', '/api/portal/metadata/edc', () => ({ body: { data: [device], total_page: 3, page: 2, page_size: 10 } }));
    expect(await edc.list({ page: 2, pageSize: 10, type: 1 })).toEqual({ rows: [device], totalPage: 3 });
    await edc.list({ page: 1, pageSize: 25, type: null });
    expect(server.requests[0]!.url).toContain('type_edc=1');
    expect(server.requests[1]!.url).not.toContain('type_edc');
    expect(server.requests[1]!.authorization).toBe('Bearer T');
  });

  it('refuses answers that do not match the schema (a wrong status, a type 3 machine)', async () => {
    const { server, edc } = api();
    server.on('GET', '/api/portal/metadata/edc', () => ({ body: { data: [{ ...device, type_edc: 3 }], total_page: 1 } }));
    server.on('GET', '/api/portal/pos/check-status', () => ({ body: { data: { status: 'CONNECTED' } } }));
    await expect(edc.list({ page: 1, pageSize: 10, type: null })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    await expect(edc.checkStatus('S1')).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('sends activation and integration bodies, and surfaces the server codes', async () => {
    const { server, edc } = api();
    server.on('PUT', '/api/portal/metadata/edc/active', () => ({
      status: 403,
      body: { error_code: 'PERMISSION_DENY', message: 'no', data: { reason: 'NOT_SELECTED' } },
    }));
    server.on('PUT', '/api/portal/map-edc-to-va', (req) =>
      (req.body as { va_account_no: string }).va_account_no === 'BAD'
        ? { status: 400, body: { error_code: 'LINK_EDC_VA_FAIL', message: 'no', data: {} } }
        : { body: { data: { ...device, va_account_no: (req.body as { va_account_no: string }).va_account_no } } },
    );
    await expect(edc.activate('SB1')).rejects.toMatchObject({ code: 'PERMISSION_DENY', status: 403 });
    expect(server.requests[0]!.body).toEqual({ serial_number: 'SB1' });
    await expect(edc.integrate({ vaAccountNo: 'BAD', posId: 'P1' })).rejects.toMatchObject({ code: 'LINK_EDC_VA_FAIL' });
    expect((await edc.integrate({ vaAccountNo: '970410000001000001', posId: 'P1' })).va_account_no).toBe('970410000001000001');
    expect(server.requests[2]!.body).toEqual({ va_account_no: '970410000001000001', pos_id: 'P1' });
  });

  it('reads the connection state and the linkable ShopQRs', async () => {
    const { server, edc } = api();
    server.on('GET', '/api/portal/pos/check-status', () => ({ body: { data: { status: 'OFFLINE' } } }));
    server.on('GET', '/api/portal/metadata/list-va-to-link', () => ({
      body: {
        data: [{ va_account_no: '970410000001000001', va_type: 'STORE', store_id: 1, store_name: 'A', staff_id: null, holder_name: 'X' }],
      },
    }));
    expect(await edc.checkStatus('18501000000101')).toBe('OFFLINE');
    expect(server.requests[0]!.url).toContain('serial_number=18501000000101');
    expect((await edc.linkableVas()).map((v) => v.va_type)).toEqual(['STORE']);
    expect(server.requests[1]!.url).toContain('page_size=100000');
  });
});
