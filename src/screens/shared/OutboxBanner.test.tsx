import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../../services/shared/outbox/schemas';
import { OutboxBanner } from './OutboxBanner';
import { renderScreen } from './test/render';

const noop = () => {};
const conflict: OutboxEntry = {
  id: 3,
  kind: 'order.payCash',
  payload: {},
  key: 'outbox-1',
  createdAt: 0,
  attempts: 1,
  lastError: null,
  state: 'conflict',
  conflict: 'ORDER_PAID',
};

afterEach(cleanup);

describe('OutboxBanner (D339, D341)', () => {
  it('offline: "Ngoại tuyến — N đang chờ gửi" and what cannot be done, in a live region', async () => {
    await renderScreen(<OutboxBanner online={false} waiting={3} conflict={null} canResolve={false} onDiscard={noop} onRetry={noop} />, {
      language: 'vi',
    });
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Ngoại tuyến — 3 đang chờ gửi');
    expect(status).toHaveTextContent(/QR, thẻ và link/);
  });

  it('online with entries still waiting says it is sending them, never plain online; empty and online shows nothing', async () => {
    const view = await renderScreen(<OutboxBanner online waiting={2} conflict={null} canResolve={false} onDiscard={noop} onRetry={noop} />);
    expect(screen.getByRole('status')).toHaveTextContent('Sending 2…');
    view.unmount();
    await renderScreen(<OutboxBanner online waiting={0} conflict={null} canResolve={false} onDiscard={noop} onRetry={noop} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('a conflict names the action and the service answer, with discard and send again', async () => {
    const onDiscard = vi.fn();
    const onRetry = vi.fn();
    await renderScreen(<OutboxBanner online waiting={1} conflict={conflict} canResolve onDiscard={onDiscard} onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Cash payment: This order has already been paid.');
    fireEvent.click(screen.getByRole('button', { name: 'Discard this action' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    expect(onDiscard).toHaveBeenCalledOnce();
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
