import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { ssoLinkMachine } from '../../../machines/einvoice/ssoLink.machine';
import type { PopupHandle } from '../../../services/einvoice/sso/popup';
import { renderScreen } from '../../shared/test/render';
import { SsoLinkDialogs } from './SsoLinkDialogs';

afterEach(cleanup);

function start(options: { popup: PopupHandle | null; linked: boolean }) {
  const actor = createActor(
    ssoLinkMachine.provide({
      actors: {
        openPopup: fromPromise(async () => options.popup),
        checkPopup: fromPromise(async () => true),
        checkLink: fromPromise(async () => options.linked),
      },
      delays: { pollPopup: 1, checkDelay: 1 },
    }),
    { input: { provider: 'm-invoice', taxNo: '0108123455' } },
  );
  actor.start();
  return actor;
}

const popup: PopupHandle = { closed: () => true, close: () => {}, focus: () => {} };

describe('SsoLinkDialogs (doc 2 §4 SSO link, §8)', () => {
  it('shows the success dialog and ends linked on OK', async () => {
    const actor = start({ popup, linked: true });
    await renderScreen(<SsoLinkDialogs actor={actor} />);
    expect(await screen.findByRole('dialog', { name: 'Merchant account linked successfully' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(actor.getSnapshot().output).toEqual({ linked: true }));
  });

  it('shows the failure dialog with retry and back', async () => {
    const actor = start({ popup, linked: false });
    await renderScreen(<SsoLinkDialogs actor={actor} />);
    expect(await screen.findByRole('dialog', { name: 'Failed to link Merchant account' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(actor.getSnapshot().output).toEqual({ linked: false }));
  });

  it('explains a blocked window, and Try again opens it again', async () => {
    const actor = start({ popup: null, linked: false });
    await renderScreen(<SsoLinkDialogs actor={actor} />);
    expect(await screen.findByRole('dialog', { name: 'The browser blocked the linking window' })).toBeTruthy();
    expect(screen.getByText(/Allow pop-up windows for this site/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('dialog', { name: 'The browser blocked the linking window' })).toBeTruthy();
  });
});
