import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../shared/test/render';
import { ProfileFailed } from './ProfileFailed';

afterEach(cleanup);

describe('ProfileFailed', () => {
  it('core §8: says "Get merchant info failed" with the code\'s message and retries on request', async () => {
    const onRetry = vi.fn();
    await renderScreen(<ProfileFailed code="TIMEOUT" onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Get merchant info failed');
    expect(alert).not.toHaveTextContent('TIMEOUT');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
