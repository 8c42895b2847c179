import { describe, expect, it, vi } from 'vitest';
import type { AuthPort } from '../http';
import { accessTokenSource, exchangedTokenSource } from './tokens';

function port(tokens: { current: string | null; next: string | null }): AuthPort & { rejected: Array<string | undefined> } {
  const rejected: Array<string | undefined> = [];
  return {
    rejected,
    getAccessToken: async () => tokens.current,
    tokenRejected: async (token) => {
      rejected.push(token);
      tokens.current = tokens.next;
      return tokens.next;
    },
    userLocked: () => {},
  };
}

describe('accessTokenSource', () => {
  it('sends the current access token and renews exactly the one it sent', async () => {
    const p = port({ current: 'a1', next: 'a2' });
    const source = accessTokenSource(p);
    expect(await source.get()).toBe('a1');
    await source.renew('TOKEN_EXPIRED');
    expect(p.rejected).toEqual(['a1']);
    expect(await source.get()).toBe('a2');
  });

  it('fails the renewal when the session cannot be renewed (the machine then backs off)', async () => {
    const source = accessTokenSource(port({ current: 'a1', next: null }));
    await source.get();
    await expect(source.renew('TOKEN_EXPIRED')).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  });
});

describe('exchangedTokenSource (core §6 saleTokenExchange)', () => {
  it('sends the secondary token and asks for a new exchange of the refused one', async () => {
    const exchanged = { getToken: vi.fn(async () => 'w1'), onRejected: vi.fn(async () => 'w2') };
    const source = exchangedTokenSource(exchanged);
    expect(await source.get()).toBe('w1');
    await source.renew('TOKEN_EXPIRED');
    expect(exchanged.onRejected).toHaveBeenCalledWith('w1', expect.objectContaining({ code: 'TOKEN_EXPIRED' }));
  });

  it('fails when nothing was sent or no new token came', async () => {
    const exchanged = { getToken: vi.fn(async () => null), onRejected: vi.fn(async () => null) };
    const source = exchangedTokenSource(exchanged);
    await source.get();
    await expect(source.renew('TOKEN_EXPIRED')).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
    expect(exchanged.onRejected).not.toHaveBeenCalled();
  });
});
