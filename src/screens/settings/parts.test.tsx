import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../shared/test/render';
import { SaveErrorAlert, SettingsLoadState } from './parts';

/** The pieces the four settings forms share: the area's own texts for its codes, the catalogue's for the rest. */

afterEach(cleanup);

describe('settings form parts', () => {
  it('says why the form could not load, with a retry, before saying it loads; nothing once loaded', async () => {
    const retry = vi.fn();
    const props = { title: 'Could not load', code: 'NETWORK_ERROR', onRetry: retry, testId: 'x-load-failed' };
    await renderScreen(<SettingsLoadState loading loadFailed {...props} />);
    expect(screen.getByTestId('x-load-failed').textContent).toContain('Cannot connect.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
    cleanup();
    await renderScreen(<SettingsLoadState loading loadFailed={false} {...props} />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    cleanup();
    await renderScreen(<SettingsLoadState loading={false} loadFailed={false} {...props} code={null} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("words the area's own codes itself and the others from the catalogue; no alert without a code", async () => {
    await renderScreen(<SaveErrorAlert code="IMAGE_TOO_LARGE" title="Not saved" testId="x-save-error" />);
    expect(screen.getByTestId('x-save-error').textContent).toContain('The image is too large');
    cleanup();
    await renderScreen(<SaveErrorAlert code="UNKNOWN_ERROR" title="Not saved" testId="x-save-error" />);
    expect(screen.getByTestId('x-save-error').textContent).toContain('temporarily unavailable');
    cleanup();
    await renderScreen(<SaveErrorAlert code={null} title="Not saved" testId="x-save-error" />);
    expect(screen.queryByTestId('x-save-error')).toBeNull();
  });
});
