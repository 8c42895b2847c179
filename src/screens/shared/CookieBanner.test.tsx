import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderScreen } from './test/render';
import { CookieBanner } from './CookieBanner';

afterEach(() => {
  cleanup();
  document.cookie = 'cookie=; Path=/; Max-Age=0';
});

describe('cookie notice (core §2, §9)', () => {
  it('accepting takes it away and keeps it away', async () => {
    await renderScreen(<CookieBanner />);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept cookies' }));
    expect(screen.queryByRole('button', { name: 'Accept cookies' })).toBeNull();
    cleanup();
    await renderScreen(<CookieBanner />);
    expect(screen.queryByRole('button', { name: 'Accept cookies' })).toBeNull();
  });
});
