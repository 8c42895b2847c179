/**
 * What a display device keeps (docs/areas/display.md "Storage"): its display token, in localStorage
 * because a display is a dedicated screen that must come back paired after a reload or a power cut.
 * The token reads display messages and nothing else (D142), so keeping it is no risk to the portal.
 */

export const DISPLAY_TOKEN_KEY = 'display_token';
export const DISPLAY_SHOP_KEY = 'display_shop_name';

function local(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return local()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) local()?.removeItem(key);
    else local()?.setItem(key, value);
  } catch {
    /* storage full or disabled: the display works until the next reload */
  }
}

export const displayDevice = {
  token: (): string | null => {
    const value = read(DISPLAY_TOKEN_KEY);
    return value && /^dsp_[A-Za-z0-9_-]{20,200}$/.test(value) ? value : null;
  },
  shopName: (): string | null => read(DISPLAY_SHOP_KEY)?.slice(0, 500) ?? null,
  save(token: string, shopName: string): void {
    write(DISPLAY_TOKEN_KEY, token);
    write(DISPLAY_SHOP_KEY, shopName);
  },
  saveShopName: (name: string) => write(DISPLAY_SHOP_KEY, name),
  forget(): void {
    write(DISPLAY_TOKEN_KEY, null);
    write(DISPLAY_SHOP_KEY, null);
  },
};

/**
 * Keeps the screen on while the display is open (Screen Wake Lock). The browser drops the lock when
 * the page is hidden, so it is asked for again each time the page becomes visible. No API, or a
 * refusal (battery saver): nothing to do, the display still works.
 */
export function keepScreenAwake(): () => void {
  type Sentinel = { release(): Promise<void>; released?: boolean };
  const nav =
    typeof navigator === 'undefined' ? null : (navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<Sentinel> } });
  if (!nav?.wakeLock) return () => {};
  let sentinel: Sentinel | null = null;
  let stopped = false;
  const request = () => {
    if (stopped || document.visibilityState !== 'visible') return;
    nav.wakeLock!.request('screen').then(
      (lock) => {
        if (stopped) void lock.release().catch(() => undefined);
        else sentinel = lock;
      },
      () => undefined,
    );
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible' && (!sentinel || sentinel.released)) request();
  };
  request();
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    stopped = true;
    document.removeEventListener('visibilitychange', onVisibility);
    void sentinel?.release().catch(() => undefined);
    sentinel = null;
  };
}
