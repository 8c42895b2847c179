import { afterEach, describe, expect, it, vi } from 'vitest';
import { displayDevice, keepScreenAwake } from './device';

function fakeWakeLock() {
  const sentinels: Array<{ released: boolean; release: () => Promise<void> }> = [];
  const request = vi.fn(async () => {
    const sentinel = {
      released: false,
      release: async () => {
        sentinel.released = true;
      },
    };
    sentinels.push(sentinel);
    return sentinel;
  });
  Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
  return { request, sentinels };
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  Reflect.deleteProperty(navigator, 'wakeLock');
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  localStorage.clear();
});

describe('keepScreenAwake', () => {
  it('holds a screen lock, asks again when the page comes back, and lets go when stopped', async () => {
    const { request, sentinels } = fakeWakeLock();
    const stop = keepScreenAwake();
    await flush();
    expect(request).toHaveBeenCalledWith('screen');
    // The browser drops the lock when the page is hidden.
    sentinels[0]!.released = true;
    setVisibility('hidden');
    await flush();
    expect(request).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    await flush();
    expect(request).toHaveBeenCalledTimes(2);
    stop();
    await flush();
    expect(sentinels[1]!.released).toBe(true);
    setVisibility('visible');
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('does nothing, and throws nothing, without the API or when refused', async () => {
    expect(() => keepScreenAwake()()).not.toThrow();
    Object.defineProperty(navigator, 'wakeLock', {
      value: { request: () => Promise.reject(new Error('battery saver')) },
      configurable: true,
    });
    const stop = keepScreenAwake();
    await flush();
    stop();
  });
});

describe('displayDevice', () => {
  it('keeps a display token only when it looks like one, and forgets it with the shop name', () => {
    expect(displayDevice.token()).toBeNull();
    displayDevice.save('dsp_' + 'a'.repeat(43), 'Phở Cổ');
    expect(displayDevice.token()).toBe('dsp_' + 'a'.repeat(43));
    expect(displayDevice.shopName()).toBe('Phở Cổ');
    localStorage.setItem('display_token', 'Bearer <script>');
    expect(displayDevice.token()).toBeNull();
    displayDevice.forget();
    expect(displayDevice.shopName()).toBeNull();
  });
});
