import type { AppStorage } from '../services/shared/storage';

/** Activity is recorded at most this often: last_active is shared between tabs through storage. */
export const ACTIVITY_THROTTLE_MS = 15_000;

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Writes last_active on user input, throttled. Idle detection (core §4, D14) compares against the
 * newest activity of any tab, so a user working in another tab is not signed out here.
 */
export function recordActivity(storage: AppStorage, now: () => number = Date.now): () => void {
  let lastWritten = 0;
  const onActivity = () => {
    const t = now();
    if (t - lastWritten < ACTIVITY_THROTTLE_MS) return;
    lastWritten = t;
    // Deferred to the next task: the click that brings a window back fires pointerdown before the
    // focus event, and the idle check on focus must still see the old value.
    setTimeout(() => storage.writeLastActive(t), 0);
  };
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true, capture: true });
  return () => {
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
  };
}

/**
 * Sends WINDOW_FOCUSED {now, lastActive} when the tab regains focus or becomes visible; the machine
 * decides whether the idle limit has passed. Activity is recorded after the check, not before, or a
 * returning click would always look fresh.
 */
export function watchWindowFocus(
  storage: AppStorage,
  send: (event: { type: 'WINDOW_FOCUSED'; now: number; lastActive: number | null }) => void,
  now: () => number = Date.now,
): () => void {
  const onFocus = () => send({ type: 'WINDOW_FOCUSED', now: now(), lastActive: storage.readLastActive() });
  const onVisibility = () => {
    if (document.visibilityState === 'visible') onFocus();
  };
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
