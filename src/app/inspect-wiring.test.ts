import { describe, expect, it } from 'vitest';

/**
 * The machine inspector's live view sees only actors created with the runtime's `inspect` callback
 * (undefined unless features.inspector is on, so passing it costs nothing). Every file that starts
 * actors must hand it over: `useActorRef(logic, { ..., inspect })` with `inspect` from useRuntime().
 * The hosted checkout page (src/app/checkout/hosted/) is not the portal: the bank's page a payer
 * opens, with no runtime, no sign-in and no inspector, so it has nothing to hand over.
 */
const sources = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**', '!../screens/test/**', '!./checkout/hosted/**'],
  {
    eager: true,
    query: '?raw',
    import: 'default',
  },
);

const STARTS_ACTORS = /\b(useActorRef|useActor|useMachine|createActor)\s*\(/;

describe('inspect wiring', () => {
  it('every file that creates actors passes the runtime inspect callback', () => {
    const missing = Object.entries(sources)
      .filter(([, text]) => STARTS_ACTORS.test(text) && !/\binspect\b/.test(text))
      .map(([path]) => (path.startsWith('./') ? `src/app/${path.slice(2)}` : `src/${path.slice(3)}`));
    expect(missing, 'pass `inspect` (useRuntime().inspect) to createActor / useActorRef in these files').toEqual([]);
  });
});
