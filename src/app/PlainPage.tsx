import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID, SkipLink } from '../screens/shared/SkipLink';

/** A page without the shell or the auth card: not-found for visitors, chrome-less pages. */
export function PlainPage({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        {children}
      </main>
    </>
  );
}
