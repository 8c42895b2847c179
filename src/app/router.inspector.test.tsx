import { describe, expect, it } from 'vitest';
import { createAppRouter } from './router';

// The inspector exists only where features.inspector is on; elsewhere /inspector falls to not-found.
function topLevelPaths(router: ReturnType<typeof createAppRouter>): Array<string | undefined> {
  return (router.routes[0]?.children ?? []).map((route) => route.path);
}

describe('/inspector route', () => {
  it('is registered with the flag on', () => {
    const router = createAppRouter({ inspector: true });
    expect(topLevelPaths(router)).toContain('inspector');
    router.dispose();
  });

  it('is absent by default, so the catch-all answers not found', () => {
    const router = createAppRouter();
    expect(topLevelPaths(router)).not.toContain('inspector');
    expect(topLevelPaths(router)).toContain('*');
    router.dispose();
  });
});
