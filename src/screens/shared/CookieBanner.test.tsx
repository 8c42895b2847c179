import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderScreen } from './test/render';
import { COOKIE_BANNER_HEIGHT_VAR, CookieBanner } from './CookieBanner';

afterEach(() => {
  cleanup();
  document.cookie = 'cookie=; Path=/; Max-Age=0';
});

const published = () => document.documentElement.style.getPropertyValue(COOKIE_BANNER_HEIGHT_VAR);

describe('cookie notice (core §2, §9)', () => {
  it('issue 24 §7, D225: publishes its height while it shows, so the toasts stand above it; accepting takes it away', async () => {
    await renderScreen(<CookieBanner />);
    const accept = await screen.findByRole('button', { name: 'Accept cookies' });
    expect(published()).toMatch(/^\d+px$/);
    fireEvent.click(accept);
    expect(screen.queryByRole('button', { name: 'Accept cookies' })).toBeNull();
    expect(published()).toBe('');
  });
});
