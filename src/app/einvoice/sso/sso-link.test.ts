import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { provideSsoLink } from './sso-link';

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

describe('ssoLink wired to the popup and the backend check', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setUp(linked: boolean) {
    const win = { closed: false, close: vi.fn(), focus: vi.fn() };
    const open = vi.fn((_url: string, _name: string, _features: string) => win);
    const ssoCheck = vi.fn(async () => linked);
    const actor = createActor(provideSsoLink({ providerBase: (r) => `/api/einvoice/${r}`, ssoCheck, open }), {
      input: { provider: 'm-invoice', taxNo: '0108123455' },
    });
    return { win, open, ssoCheck, actor };
  }

  it('opens the authorize page at once (inside the click), polls, then checks 400 ms after the window closed', async () => {
    const { win, open, ssoCheck, actor } = setUp(true);
    actor.start();
    // Synchronously: a popup opened later than the user's click would be blocked.
    expect(open).toHaveBeenCalledOnce();
    const [url, , features] = open.mock.calls[0]!;
    expect(url).toBe('/api/einvoice/m-invoice/sso/authorize?tax_no=0108123455&return=%2Fportal%2Flogin-merchant-account');
    expect(features).toContain('width=460,height=600');
    await flush();
    expect(actor.getSnapshot().hasTag('waiting')).toBe(true);
    await vi.advanceTimersByTimeAsync(1500);
    expect(ssoCheck).not.toHaveBeenCalled();
    win.closed = true;
    await vi.advanceTimersByTimeAsync(500);
    expect(actor.getSnapshot().hasTag('checking')).toBe(true);
    expect(ssoCheck).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(400);
    expect(ssoCheck).toHaveBeenCalledWith('m-invoice');
    expect(actor.getSnapshot().hasTag('linked')).toBe(true);
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().output).toEqual({ linked: true });
  });

  it('a refusal ends in the failure dialog; cancelling closes the window', async () => {
    const { win, actor } = setUp(false);
    actor.start();
    await flush();
    win.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    win.closed = false;
    actor.send({ type: 'RETRY' });
    await flush();
    actor.send({ type: 'FOCUS' });
    expect(win.focus).toHaveBeenCalledOnce();
    actor.send({ type: 'CANCEL' });
    expect(win.close).toHaveBeenCalled();
    expect(actor.getSnapshot().output).toEqual({ linked: false });
  });

  it('a blocked window shows the explanation', async () => {
    const actor = createActor(provideSsoLink({ providerBase: () => '/x', ssoCheck: async () => true, open: () => null }), {
      input: { provider: 'viettel', taxNo: '0108123455' },
    });
    actor.start();
    await flush();
    expect(actor.getSnapshot().hasTag('blocked')).toBe(true);
  });
});
