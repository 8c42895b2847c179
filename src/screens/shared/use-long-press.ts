import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';

/** How long a press must last to count as long (D335): the usual touch platforms' ≈500 ms. */
export const LONG_PRESS_MS = 500;

/**
 * A button's tap and its long press with pointer events (touch, pen and mouse alike, D335): a press
 * held LONG_PRESS_MS calls `onLong` and swallows the click that follows; a shorter one is a plain
 * click. The keyboard's way to the same thing is Shift+Enter or the context-menu key, and the
 * browser's own context menu (a long press on some phones) is taken as a long press too. The timer is
 * only the gesture's detection; what the press does is the caller's event to its machine.
 */
export function useLongPress(onTap: () => void, onLong: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fired = useRef(false);
  const cancel = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancel, []);
  return {
    onPointerDown: (e: PointerEvent) => {
      if (e.button !== 0) return;
      fired.current = false;
      cancel();
      timer.current = setTimeout(() => {
        timer.current = null;
        fired.current = true;
        onLong();
      }, LONG_PRESS_MS);
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onClick: () => {
      if (fired.current) {
        fired.current = false;
        return;
      }
      onTap();
    },
    onContextMenu: (e: MouseEvent) => {
      e.preventDefault();
      cancel();
      if (!fired.current) onLong();
      fired.current = true;
    },
    onKeyDown: (e: KeyboardEvent) => {
      if ((e.key === 'Enter' && e.shiftKey) || e.key === 'ContextMenu') {
        e.preventDefault();
        onLong();
      }
    },
  };
}
