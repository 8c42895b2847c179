import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { createAppScope, RuntimeProvider, useAreaActors, useRuntime, type AppScope } from './composition';
import type { Runtime } from './runtime';

afterEach(cleanup);

const runtimeNamed = (name: string) => ({ config: { name } }) as unknown as Runtime;

describe('app scope (D279)', () => {
  it('makes a factory’s value once per runtime, on first use, and lets factories use each other', () => {
    let made = 0;
    const clientOf = ({ runtime }: AppScope) => {
      made += 1;
      return { for: (runtime.config as unknown as { name: string }).name };
    };
    const actorsOf = (scope: AppScope) => ({ client: scope.use(clientOf) });
    const one = createAppScope(runtimeNamed('one'));
    const two = createAppScope(runtimeNamed('two'));
    expect(made).toBe(0);
    expect(one.use(actorsOf)).toBe(one.use(actorsOf));
    expect(one.use(actorsOf).client).toBe(one.use(clientOf));
    expect(made).toBe(1);
    expect(two.use(actorsOf).client.for).toBe('two');
    expect(made).toBe(2);
  });

  it('hands the runtime and the area’s actors to the pages below the provider', () => {
    const seen: unknown[] = [];
    const actorsOf = ({ runtime }: AppScope) => ({ runtime });
    function Page() {
      const runtime = useRuntime();
      const actors = useAreaActors(actorsOf);
      seen.push(runtime, actors.runtime);
      return null;
    }
    const runtime = runtimeNamed('page');
    render(
      <RuntimeProvider runtime={runtime}>
        <Page />
      </RuntimeProvider>,
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((value) => value === runtime)).toBe(true);
  });

  it('refuses a page outside the provider', () => {
    function Page() {
      useRuntime();
      return null;
    }
    expect(() => render(<Page />)).toThrow(/RuntimeProvider/);
  });
});

/**
 * D279: the composition layer keeps no module state; a value lives in the app scope of its runtime.
 * Every `let` at the top of a src/app module, and any global runtime getter, is refused here.
 */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('no module state in src/app (D279)', () => {
  it('has no module-level let and no getRuntime()', () => {
    const offenders = Object.entries(sources)
      .filter(([, text]) => /^(export )?let /m.test(text) || /\bgetRuntime\(/.test(text))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });
});
