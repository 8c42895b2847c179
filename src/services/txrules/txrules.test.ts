// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fakePortalClient } from '../shared/testing/fake-server';
import { createTxRulesApi } from '.';

const rule = {
  id: 4,
  name: '12',
  display_name: 'PC02 · NAPAS',
  store_name: 'Phố Cổ - Tràng Tiền',
  card_branch: 'NAPAS',
  issuer: ['ACB', 'VPBank'],
  acquirer: 'Techcombank',
  logo: {
    card_branch: '/api/portal/metadata/logo/card/NAPAS.svg',
    issuer: ['/api/portal/metadata/logo/bank/ACB.svg', '/api/portal/metadata/logo/bank/VPB.svg'],
    acquirer: '/api/portal/metadata/logo/bank/TCB.svg',
  },
  synced_at: null,
};

function api() {
  const { server, client } = fakePortalClient();
  return { server, rules: createTxRulesApi(client) };
}

describe('transaction-rule calls (doc 2 §7, D166)', () => {
  it('list sends page and page_size and reads rows and total_page', async () => {
    const { server, rules } = api();
    server.on('GET', '/api/portal/metadata/rule', () => ({
      body: { data: [rule], total_page: 2, page: 1, page_size: 10, total_count: 11 },
    }));
    await expect(rules.list({ page: 1, pageSize: 10 })).resolves.toEqual({ rows: [rule], totalPage: 2 });
    expect(server.requests[0]!.url).toMatch(/page=1/);
    expect(server.requests[0]!.url).toMatch(/page_size=10/);
  });

  it('update sends the four fields in the query, issuing banks joined by commas, and no body', async () => {
    const { server, rules } = api();
    server.on('PUT', '/api/portal/metadata/rule', () => ({ body: { data: rule } }));
    await rules.update(4, { rule_name: '12', card_type: 'NAPAS', issuer: ['ACB', 'VPBank'], acquirer: 'Techcombank' });
    const url = new URL(server.requests[0]!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      id: '4',
      rule_name: '12',
      card_type: 'NAPAS',
      issuer: 'ACB,VPBank',
      acquirer: 'Techcombank',
    });
    expect(server.requests[0]!.body).toBeNull();
  });

  it('create posts the fields as JSON; get finds the rule or answers null; delete and sync read their odd answers', async () => {
    const { server, rules } = api();
    server.on('POST', '/api/portal/metadata/rule', () => ({ body: { data: rule } }));
    await rules.create({ rule_name: '12', card_type: 'NAPAS', issuer: ['ACB'], acquirer: 'Techcombank' });
    expect(server.requests[0]!.body).toEqual({ rule_name: '12', card_type: 'NAPAS', issuer: ['ACB'], acquirer: 'Techcombank' });
    server.on('GET', '/api/portal/metadata/rule', (req) => ({
      body: { data: req.url.includes('id=4') ? [rule] : [], total_page: 1 },
    }));
    await expect(rules.get(4)).resolves.toEqual(rule);
    await expect(rules.get(5)).resolves.toBeNull();
    server.on('DELETE', '/api/portal/metadata/rule', () => ({ body: { message: 'Rule deleted', data: { id: 4 } } }));
    await expect(rules.remove(4)).resolves.toBeUndefined();
    server.on('POST', '/api/portal/metadata/rule/sync', () => ({ body: { data: 'success' } }));
    await expect(rules.sync()).resolves.toBeUndefined();
  });

  it('reads the three name lists, and refuses an answer of the wrong shape', async () => {
    const { server, rules } = api();
    server.on('GET', '/api/portal/metadata/list-card-type', () => ({ body: { data: ['VISA'] } }));
    server.on('GET', '/api/portal/metadata/list-issuer', () => ({ body: { data: ['ACB', 'BIDV'] } }));
    server.on('GET', '/api/portal/metadata/list-accquire', () => ({ body: { data: ['BIDV'] } }));
    await expect(rules.choices()).resolves.toEqual({ cardTypes: ['VISA'], issuers: ['ACB', 'BIDV'], acquirers: ['BIDV'] });
    server.on('GET', '/api/portal/metadata/list-accquire', () => ({ body: { data: [{ name: 'BIDV' }] } }));
    await expect(rules.choices()).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    server.on('POST', '/api/portal/metadata/rule/sync', () => ({ body: { data: 'ok' } }));
    await expect(rules.sync()).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});
