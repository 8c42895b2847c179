import { useCallback, useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import classes from './till.module.css';

/**
 * The phone's basket sheet (D355): the bottom bar's toggle opens the basket panel as a sheet above the
 * bar and closes it again. A disclosure, not a modal: the toggle says whether it is open
 * (aria-expanded) and which panel it opens (aria-controls); opening moves the focus to the sheet's
 * heading, Escape in the sheet (or on the toggle) closes it and gives the focus back to the toggle.
 * Whether it is open is the page's own fact (like a picture that failed), not the order's: kept here.
 */
export function useBasketSheet() {
  const [open, setOpen] = useState(false);
  const [barHeight, setBarHeight] = useState(64);
  const toggleRef = useRef<HTMLButtonElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const barRef = useRef<HTMLDivElement | null>(null);

  // The sheet stands on the bar, whose height follows its text (vi wraps more than en at 375 px).
  useEffect(() => {
    const bar = barRef.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setBarHeight(Math.ceil(bar.getBoundingClientRect().height)));
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (open) headingRef.current?.focus();
  }, [open]);

  const close = useCallback(() => {
    setOpen(false);
    toggleRef.current?.focus();
  }, []);

  const onEscape = useCallback(
    (e: KeyboardEvent) => {
      if (e.key === 'Escape' && open) {
        e.stopPropagation();
        close();
      }
    },
    [open, close],
  );

  return {
    open,
    toggle: () => (open ? close() : setOpen(true)),
    close,
    toggleRef,
    headingRef,
    barRef,
    /** Props of the basket panel that becomes the sheet. */
    panel: {
      className: classes.sheet,
      'data-open': open,
      style: { '--till-bar-height': `${barHeight}px` } as CSSProperties,
      onKeyDown: onEscape,
    },
    onEscape,
  };
}

export type BasketSheet = ReturnType<typeof useBasketSheet>;

/** The id of the basket panel the toggle controls (and the bar's link went to before). */
export const BASKET_PANEL_ID = 'order-basket-panel';
