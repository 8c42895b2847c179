import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionImage } from './use-session-image';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stubObjectUrls() {
  const created: string[] = [];
  const revoked: string[] = [];
  vi.stubGlobal('URL', {
    ...URL,
    createObjectURL: () => {
      created.push(`blob:${created.length}`);
      return created.at(-1)!;
    },
    revokeObjectURL: (u: string) => revoked.push(u),
  });
  return { created, revoked };
}

describe('useSessionImage', () => {
  it('shows the fetched image through an object URL and revokes it when the url changes', async () => {
    const urls = stubObjectUrls();
    const load = vi.fn(async (_url: string) => new Blob(['x']));
    const { result, rerender } = renderHook(({ url }) => useSessionImage(url, load), { initialProps: { url: '/a' } });
    expect(result.current).toEqual({ src: null, failed: false });
    await waitFor(() => expect(result.current.src).toBe('blob:0'));
    rerender({ url: '/b' });
    await waitFor(() => expect(result.current.src).toBe('blob:1'));
    expect(load.mock.calls.map((c) => c[0])).toEqual(['/a', '/b']);
    expect(urls.revoked).toEqual(['blob:0']);
  });

  it('says it failed when the fetch is refused, and drops an answer that comes after the component went', async () => {
    const urls = stubObjectUrls();
    const failing = renderHook(() => useSessionImage('/gone', () => Promise.reject(new Error('404'))));
    await waitFor(() => expect(failing.result.current).toEqual({ src: null, failed: true }));
    let answer: (b: Blob) => void = () => {};
    const late = renderHook(() => useSessionImage('/slow', () => new Promise<Blob>((r) => (answer = r))));
    late.unmount();
    answer(new Blob(['x']));
    await Promise.resolve();
    expect(urls.created).toEqual([]);
  });
});
