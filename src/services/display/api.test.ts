import { describe, expect, it, vi } from 'vitest';
import type { RawResponse, ServiceClient } from '../http/client';
import { createDisplayLookApi } from './api';

/** D296: the display reads the shop's look and its banners with its display token, or the session. */

const png = (type = 'image/png'): RawResponse => ({
  status: 200,
  headers: new Headers({ 'content-type': type }),
  body: new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new Uint8Array([137, 80, 78, 71]));
      c.close();
    },
  }),
  release: () => undefined,
});

function client(raw: (spec: { path: string; auth?: unknown }) => Promise<RawResponse>) {
  const data = vi.fn(async () => ({ shop_name: 'Phở Cổ', look: null }));
  return { raw: vi.fn(raw), data, service: 'sale' } as unknown as ServiceClient & { raw: ReturnType<typeof vi.fn>; data: typeof data };
}

describe('createDisplayLookApi (D296)', () => {
  it('asks with the display token when paired, with the session otherwise', async () => {
    const paired = client(async () => png());
    await createDisplayLookApi(paired, 'dsp_abc').look();
    expect(paired.data).toHaveBeenCalledWith(expect.objectContaining({ path: '/display/look', auth: { token: 'dsp_abc' } }));
    const session = client(async () => png());
    await createDisplayLookApi(session, null).look();
    expect(session.data).toHaveBeenCalledWith(expect.objectContaining({ auth: true }));
  });

  it('fetches a banner through the display’s own route once, and asks again after a failure', async () => {
    let fail = true;
    const c = client(async () => {
      if (fail) {
        fail = false;
        throw new Error('network');
      }
      return png();
    });
    const api = createDisplayLookApi(c, 'dsp_abc');
    await expect(api.image('/api/sale/saas/image/12')).rejects.toThrow('network');
    const blob = await api.image('/api/sale/saas/image/12');
    expect(blob.type).toBe('image/png');
    await api.image('/api/sale/saas/image/12');
    expect(c.raw).toHaveBeenCalledTimes(2);
    expect(c.raw).toHaveBeenLastCalledWith(expect.objectContaining({ path: '/display/image/12', auth: { token: 'dsp_abc' } }));
  });

  it('refuses what is not a banner URL, and an answer that is not a PNG or JPEG', async () => {
    const c = client(async () => png('text/html'));
    const api = createDisplayLookApi(c, null);
    await expect(api.image('https://evil.example/x.png')).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(c.raw).not.toHaveBeenCalled();
    await expect(api.image('/api/sale/saas/image/3')).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});
