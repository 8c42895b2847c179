import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, type EventObject } from 'xstate';
import type { ConnectedInfo, ConnectionStatus, RealtimeHub } from '../realtime/hub';
import { fakePortalClient } from '../shared/testing/fake-server';
import { createBankApi } from './api';
import { createWaitForVerification } from './wait-for-verification';

/** A hub the test drives: emit events, change status, report (re)connections. */
function fakeHub(initial: ConnectionStatus = 'connected') {
  let status = initial;
  const events = new Map<string, Set<(payload: unknown) => void>>();
  const statusHandlers = new Set<(s: ConnectionStatus) => void>();
  const connected = new Set<(info: ConnectedInfo) => void>();
  const hub: RealtimeHub = {
    on(ns, event, handler) {
      const key = `${ns}:${event}`;
      const set = events.get(key) ?? new Set();
      set.add(handler);
      events.set(key, set);
      return () => set.delete(handler);
    },
    onConnected(_ns, handler) {
      connected.add(handler);
      return () => connected.delete(handler);
    },
    status: () => status,
    onStatus(handler) {
      statusHandlers.add(handler);
      return () => statusHandlers.delete(handler);
    },
  };
  return {
    hub,
    emit: (ns: string, event: string, payload: unknown) => events.get(`${ns}:${event}`)?.forEach((h) => h(payload)),
    setStatus(next: ConnectionStatus) {
      status = next;
      statusHandlers.forEach((h) => h(next));
      if (next === 'connected') connected.forEach((h) => h({ first: false, recovered: false }));
    },
    listeners: () => [...events.values()].reduce((n, s) => n + s.size, 0) + statusHandlers.size + connected.size,
  };
}

/** Runs the callback actor inside a parent that records what it sends back. */
function run(hub: RealtimeHub, bankAccountNo: string) {
  const received: string[] = [];
  const parent = createMachine({
    invoke: { src: 'wait', input: { bankAccountNo } },
    on: { '*': { actions: ({ event }: { event: EventObject }) => received.push(event.type) } },
  }).provide({ actors: { wait: createWaitForVerification(hub) as unknown as ReturnType<typeof fromCallback> } });
  const actor = createActor(parent).start();
  return { received, stop: () => actor.stop() };
}

describe('waitForVerification', () => {
  it('sends VERIFIED for a valid event of its own account only', () => {
    const f = fakeHub();
    const { received } = run(f.hub, '0100000011');
    f.emit('va', '0100000011', { bank_account_no: '0999', bank_code: 'VCB', verified: true });
    f.emit('va', '0100000011', { bank_account_no: '0100000011', verified: 'yes' });
    f.emit('va', '0999', { bank_account_no: '0999', bank_code: 'VCB', verified: true });
    expect(received).toEqual([]);
    f.emit('va', '0100000011', { bank_account_no: '0100000011', bank_code: 'VCB', verified: true });
    expect(received).toEqual(['VERIFIED']);
  });

  it('reports a loss once and the reconnection after it; a reconnection without a loss is quiet', () => {
    const f = fakeHub();
    const { received } = run(f.hub, '123456');
    f.setStatus('connected');
    expect(received).toEqual([]);
    f.setStatus('reconnecting');
    f.setStatus('offline');
    f.setStatus('connected');
    expect(received).toEqual(['REALTIME.LOST', 'REALTIME.RECONNECTED']);
  });

  it('treats a hub not yet connected at the start as lost: its connection asks for a check', () => {
    const f = fakeHub('connecting');
    const { received } = run(f.hub, '123456');
    f.setStatus('connected');
    expect(received).toEqual(['REALTIME.RECONNECTED']);
  });

  it('stops listening when stopped', () => {
    const f = fakeHub();
    const { stop } = run(f.hub, '123456');
    expect(f.listeners()).toBe(3);
    stop();
    expect(f.listeners()).toBe(0);
  });
});

describe('bank api', () => {
  const setup = () => {
    const { server, client } = fakePortalClient('tok');
    return { server, api: createBankApi(client) };
  };

  it('reads the paged list and finds one account by number', async () => {
    const { server, api } = setup();
    const row = {
      id: 3,
      name: '0100000011',
      holder_name: 'NGUYEN VAN MINH',
      bank_code: 'VCB',
      is_internal_transfer: true,
      phone: '0910000001',
    };
    server.on('GET', '/api/portal/bank/account', (req) =>
      req.url.includes('bank_account_no=')
        ? { body: { data: [row], total_page: 1 } }
        : { body: { data: [row], total_page: 3, page: 2, page_size: 10 } },
    );
    expect(await api.list({ page: 2, pageSize: 10 })).toEqual({ rows: [row], totalPage: 3, page: 2, pageSize: 10 });
    expect(await api.find('0100000011')).toEqual(row);
    expect(await api.find('0999')).toBeNull();
    expect(server.requests[0]!.url).toContain('page=2&page_size=10');
  });

  it('rejects an answer that does not match the schema as INVALID_RESPONSE', async () => {
    const { server, api } = setup();
    server.on('GET', '/api/portal/bank/account', () => ({ body: { data: [{ id: 'x' }], total_page: 1 } }));
    await expect(api.list({ page: 1, pageSize: 10 })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    server.on('GET', '/api/portal/bank/holder-name', () => ({ body: { data: { holder_name: '' } } }));
    await expect(api.holderName({ accountNo: '123456', bankCode: 'VCB' })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('upper-cases the holder name and passes server error codes through', async () => {
    const { server, api } = setup();
    server.on('GET', '/api/portal/bank/holder-name', () => ({ body: { data: { holder_name: 'Nguyen Van Minh' } } }));
    expect(await api.holderName({ accountNo: '123456', bankCode: 'VCB' })).toBe('NGUYEN VAN MINH');
    server.on('POST', '/api/portal/bank/account', () => ({
      status: 400,
      body: { error_code: 'PHONE_NO_MATCH_VCB', message: 'x', data: {} },
    }));
    await expect(api.add({ bank_account_no: '123456', bank_code: 'VCB', holder_name: 'A', phone: '0912345678' })).rejects.toMatchObject({
      code: 'PHONE_NO_MATCH_VCB',
    });
    server.on('DELETE', '/api/portal/bank/account', () => ({
      status: 400,
      body: { error_code: 'DELETE_BANK_ERROR', message: 'x', data: {} },
    }));
    await expect(api.remove(5)).rejects.toMatchObject({ code: 'DELETE_BANK_ERROR' });
  });
});
