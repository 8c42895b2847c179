import type { ReactNode } from 'react';

/**
 * A table or block wider than a phone, scrolled sideways inside its own region: focusable and named, so
 * a keyboard can scroll it and a screen reader says what it holds (WCAG 2.1.1, axe
 * scrollable-region-focusable).
 */
export function ScrollRegion({ label, children, maxHeight }: { label: string; children: ReactNode; maxHeight?: number }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflow: 'auto', maxHeight }}>
      {children}
    </div>
  );
}
