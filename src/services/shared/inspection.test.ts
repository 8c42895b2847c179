import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { createInspectionReporter, INSPECTOR_PROTOCOL, MASK, maskAndSerialise, maskEvent, type InspectorMessage } from './inspection';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJwaG9jbyIsImV4cCI6MTd9.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

function fakeChannel() {
  const sent: InspectorMessage[] = [];
  let listener: ((event: MessageEvent) => void) | null = null;
  return {
    sent,
    receive: (data: unknown) => listener?.({ data } as MessageEvent),
    channel: {
      postMessage: (message: unknown) => sent.push(structuredClone(message) as InspectorMessage),
      addEventListener: (_: 'message', l: (event: MessageEvent) => void) => {
        listener = l;
      },
      close: () => undefined,
    },
  };
}

/** Every field name as allowed: what the deny-list and the string patterns still catch on their own. */
const ALL = (...names: string[]) => new Set(names);
const LIMITS = { depth: 6, arrayItems: 50, objectKeys: 60, stringLength: 300, totalChars: 16_000 };

describe('maskAndSerialise', () => {
  it("shows only allowed fields: a new area's customer_name, tax_code or access_key stays masked until listed", () => {
    const context = {
      page: 2,
      errorCode: 'X',
      customer_name: 'Lê Thị B',
      tax_code: '0108123455',
      access_key: 'ak_live_1',
      note: 'hi',
      rows: [{ id: 1, amount: 5 }],
    };
    expect(maskAndSerialise(context)).toEqual({
      page: 2,
      errorCode: 'X',
      customer_name: MASK,
      tax_code: MASK,
      access_key: MASK,
      note: MASK,
      rows: MASK,
    });
    expect(maskAndSerialise(context, LIMITS, ALL('page', 'rows', 'id', 'amount', 'note'))).toEqual({
      page: 2,
      errorCode: MASK,
      customer_name: MASK,
      tax_code: MASK,
      access_key: MASK,
      note: 'hi',
      rows: [{ id: 1, amount: 5 }],
    });
  });

  it('masks secrets and personal data by key, at any depth, even where a name is allowed', () => {
    const shown = ALL(
      'tokens',
      'profile',
      'merchant',
      'salesperson',
      'merchant_id',
      'failedCount',
      'errorCode',
      'name',
      'tax_no',
      'full_name',
      'email',
      'phone',
      'username',
      'password',
      'newPassword',
      'confirm',
      'access_token',
      'refresh_token',
    );
    const masked = maskAndSerialise(
      {
        tokens: { accessToken: 'a', refreshToken: 'r' },
        profile: { full_name: 'Nguyễn Văn A', email: 'a@b.vn', phone: '0901234567', username: 'phoco', merchant_id: 7 },
        password: 'Phoco@2026',
        newPassword: 'x',
        confirm: 'x',
        access_token: 'a',
        refresh_token: 'r',
        failedCount: 2,
        errorCode: 'TOKEN_EXPIRED',
        merchant: { name: 'CÔNG TY TNHH ẨM THỰC PHỐ CỔ', tax_no: '0108123455', salesperson: { name: 'Trần Thu Hà' } },
      },
      LIMITS,
      shown,
    );
    expect(masked).toEqual({
      tokens: MASK,
      profile: { full_name: MASK, email: MASK, phone: MASK, username: MASK, merchant_id: 7 },
      password: MASK,
      newPassword: MASK,
      confirm: MASK,
      access_token: MASK,
      refresh_token: MASK,
      failedCount: 2,
      errorCode: 'TOKEN_EXPIRED',
      merchant: { name: MASK, tax_no: MASK, salesperson: { name: MASK } },
    });
  });
});

describe('maskAndSerialise: strings, shapes and events', () => {
  it('masks JWT-looking strings, bearer headers and e-mail addresses wherever they are', () => {
    expect(
      maskAndSerialise({ note: JWT, header: 'Bearer abc', list: ['someone@example.vn', 'ok'] }, LIMITS, ALL('note', 'header', 'list')),
    ).toEqual({
      note: MASK,
      header: MASK,
      list: [MASK, 'ok'],
    });
  });

  it('leaves out functions, replaces actor refs and cycles, bounds depth and size', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const actorRef = { send: () => undefined, getSnapshot: () => ({}) };
    const shown = ALL('fn', 'ref', 'cyclic', 'a', 'self', 'b', 'c', 'd', 'e', 'f', 'g', 'big');
    expect(maskAndSerialise({ fn: () => 1, ref: actorRef, cyclic }, LIMITS, shown)).toEqual({
      ref: '[actor]',
      cyclic: { a: 1, self: '[circular]' },
    });
    expect(maskAndSerialise({ a: { b: { c: { d: { e: { f: { g: 1 } } } } } } }, LIMITS, shown)).toEqual({
      a: { b: { c: { d: { e: { f: '[…]' } } } } },
    });
    expect(maskAndSerialise({ big: 'x'.repeat(200) }, { ...LIMITS, totalChars: 100 }, shown)).toEqual({
      truncated: true,
      size: 210,
    });
    expect(maskAndSerialise(new Error('secret message'))).toEqual({ name: 'Error' });
  });

  it('masks the typed value of text events about passwords, usernames and e-mails', () => {
    expect(maskEvent({ type: 'PASSWORD.CHANGE', value: 'Phoco@2026' })).toEqual({ type: 'PASSWORD.CHANGE', value: MASK });
    expect(maskEvent({ type: 'USERNAME.CHANGE', value: 'phoco' })).toEqual({ type: 'USERNAME.CHANGE', value: MASK });
    expect(maskEvent({ type: 'EMAIL.CHANGE', value: '' })).toEqual({ type: 'EMAIL.CHANGE', value: '' });
    expect(maskEvent({ type: 'LOGOUT', reason: 'user' })).toEqual({ type: 'LOGOUT', reason: 'user' });
  });

  it("masks the form toolkit's FIELD.CHANGE of a password, username or e-mail even where the allow-list names value (D283, D284)", () => {
    const shown = new Set(['type', 'field', 'value']);
    expect(maskEvent({ type: 'FIELD.CHANGE', field: 'password', value: 'Phoco@2026' }, shown)).toEqual({
      type: 'FIELD.CHANGE',
      field: 'password',
      value: MASK,
    });
    expect(maskEvent({ type: 'FIELD.CHANGE', field: 'email', value: 'a@b.vn' }, shown)).toEqual({
      type: 'FIELD.CHANGE',
      field: 'email',
      value: MASK,
    });
    expect(maskEvent({ type: 'FIELD.CHANGE', field: 'note', value: 'no onions' }, shown)).toEqual({
      type: 'FIELD.CHANGE',
      field: 'note',
      value: 'no onions',
    });
  });
});

describe('createInspectionReporter', () => {
  const machine = setup({
    types: { context: {} as { password: string }, events: {} as { type: 'PASSWORD.CHANGE'; value: string } | { type: 'GO' } },
  }).createMachine({
    id: 'demo',
    context: { password: '' },
    // A state called `token`: state names are code, never masked.
    initial: 'token',
    states: {
      token: {
        initial: 'a',
        states: {
          a: {
            on: {
              'PASSWORD.CHANGE': { actions: assign({ password: ({ event }) => event.value }) },
              GO: 'b',
            },
          },
          b: {},
        },
      },
    },
  });

  it('announces its tab and posts nothing else until an inspector says hello (issue 10 §8: no cost without an inspector)', () => {
    const { sent, channel, receive } = fakeChannel();
    const reporter = createInspectionReporter({ channel, now: () => 1000, path: () => '/portal/login' })!;
    const actor = createActor(machine, { inspect: reporter.inspect }).start();
    actor.send({ type: 'GO' });
    expect(sent).toEqual([{ protocol: INSPECTOR_PROTOCOL, kind: 'tab' }]);
    receive({ protocol: INSPECTOR_PROTOCOL, kind: 'hello' });
    expect(sent.filter((m) => m.kind === 'actor')).toHaveLength(1);
    expect(sent.find((m) => m.kind === 'actor')).toMatchObject({ snapshot: { value: { token: 'b' } } });
    reporter.close();
  });

  it('posts actors, masked snapshots and events, transitions, and stops; answers hello', () => {
    const { sent, channel, receive } = fakeChannel();
    const reporter = createInspectionReporter({ channel, now: () => 1000, path: () => '/portal/login' })!;
    receive({ protocol: INSPECTOR_PROTOCOL, kind: 'hello' });
    const actor = createActor(machine, { inspect: reporter.inspect }).start();
    actor.send({ type: 'PASSWORD.CHANGE', value: 'Phoco@2026' });
    actor.send({ type: 'GO' });

    expect(JSON.stringify(sent)).not.toContain('Phoco@2026');
    const actorMessage = sent.find((m) => m.kind === 'actor');
    expect(actorMessage).toMatchObject({ protocol: INSPECTOR_PROTOCOL, actor: { machineId: 'demo', path: '/portal/login' } });
    const events = sent.flatMap((m) => (m.kind === 'event' ? [m.event] : []));
    expect(events).toContainEqual({ type: 'PASSWORD.CHANGE', value: MASK });
    const transitions = sent.flatMap((m) => (m.kind === 'transition' ? m.transitions : []));
    expect(transitions).toContainEqual({ source: 'demo.token.a', eventType: 'GO', index: 0 });
    const last = sent.filter((m) => m.kind === 'snapshot').at(-1);
    expect(last).toMatchObject({ snapshot: { value: { token: 'b' }, status: 'active', context: { password: MASK } } });

    sent.length = 0;
    receive({ protocol: INSPECTOR_PROTOCOL, kind: 'hello' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'actor', snapshot: { value: { token: 'b' } } });

    sent.length = 0;
    actor.stop();
    expect(sent.map((m) => m.kind)).toContain('stopped');
    receive({ protocol: INSPECTOR_PROTOCOL, kind: 'hello' });
    expect(sent.filter((m) => m.kind === 'actor')).toHaveLength(0);
    reporter.close();
  });

  it('shows a field only for the machines whose area allows it', () => {
    const { sent, channel, receive } = fakeChannel();
    const other = setup({ types: { context: {} as { note: string } } }).createMachine({ id: 'other', context: { note: 'seen?' } });
    const noted = setup({ types: { context: {} as { note: string } } }).createMachine({ id: 'noted', context: { note: 'shown' } });
    const reporter = createInspectionReporter({ channel, shownFields: (id) => (id === 'noted' ? ['note'] : []) })!;
    receive({ protocol: INSPECTOR_PROTOCOL, kind: 'hello' });
    createActor(other, { inspect: reporter.inspect }).start();
    createActor(noted, { inspect: reporter.inspect }).start();
    const contexts = sent.flatMap((m) => (m.kind === 'snapshot' ? [m.snapshot.context] : []));
    expect(contexts).toContainEqual({ note: 'shown' });
    expect(contexts).toContainEqual({ note: MASK });
    expect(JSON.stringify(sent)).not.toContain('seen?');
    reporter.close();
  });
});

describe('createInspectionReporter faults', () => {
  it('never throws into the actor, whatever the snapshot holds', () => {
    const channel = {
      postMessage: () => {
        throw new Error('closed');
      },
      addEventListener: () => undefined,
      close: () => undefined,
    };
    const reporter = createInspectionReporter({ channel })!;
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('boom');
        },
      },
    );
    expect(() =>
      reporter.inspect({ type: '@xstate.snapshot', actorRef: hostile, rootId: 'x', event: { type: 'x' }, snapshot: hostile } as never),
    ).not.toThrow();
    expect(() => reporter.inspect({ type: '@xstate.actor', actorRef: hostile, rootId: 'x' } as never)).not.toThrow();
  });
});
