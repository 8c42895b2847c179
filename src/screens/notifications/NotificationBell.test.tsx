import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { i18n } from '../../i18n';
import { notificationClickMachine } from '../../machines/notifications/notificationClick.machine';
import { notificationListMachine, type BellPage, type BellTab } from '../../machines/notifications/notificationList.machine';
import { renderScreen } from '../shared/test/render';
import { NotificationBell } from './NotificationBell';

afterEach(cleanup);

// happy-dom lays nothing out, so the focus trap's visibility check finds no tab to focus and Mantine
// warns with the whole DOM node (thousands of log lines). Focus moving into the open bell is a
// browser matter, left to the e2e; every other warning still prints.
const FOCUS_TRAP_WARNING = '[@mantine/hooks/use-focus-trap] Failed to find focusable element';
let warnSpy: MockInstance<typeof console.warn> | undefined;
beforeAll(() => {
  const warn = console.warn.bind(console);
  warnSpy = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith(FOCUS_TRAP_WARNING)) return;
    warn(...args);
  });
});
afterAll(() => warnSpy?.mockRestore());

const NOW = Date.UTC(2026, 10, 22, 5, 0, 0);
const sec = (msAgo: number) => Math.floor((NOW - msAgo) / 1000);

const pages: Record<BellTab, BellPage> = {
  0: {
    data: [
      { id: 1, notification_type: 0, order_id: 10, order_code: 'DH0001', table_name: 'Bàn 1', status: 0, created_at: sec(20_000) },
      { id: 2, notification_type: 0, order_id: 11, order_code: 'DH0002', table_name: null, status: 2, created_at: sec(3 * 3_600_000) },
    ],
    unseen: { '0': 1, '1': 2, '2': 0, '3': 1, '4': 1 },
  },
  1: {
    data: [
      { id: 3, notification_type: 1, order_id: 12, order_code: 'DH0003', table_name: 'Bàn 7', status: 0, created_at: sec(2 * 86_400_000) },
    ],
    unseen: { '0': 1, '1': 2, '2': 0, '3': 1, '4': 1 },
  },
  2: { data: [], unseen: { '0': 1, '1': 2, '2': 0, '3': 1, '4': 1 } },
  3: {
    data: [{ id: 4, notification_type: 3, order_id: 10, order_code: 'DH0001', table_name: 'Bàn 1', status: 0, created_at: sec(60_000) }],
    unseen: { '0': 1, '1': 2, '2': 0, '3': 1, '4': 1 },
  },
  // D310: a staff member's void waits for the owner's approval.
  4: {
    data: [{ id: 5, notification_type: 4, order_id: 11, order_code: 'DH0002', table_name: null, status: 0, created_at: sec(30_000) }],
    unseen: { '0': 1, '1': 2, '2': 0, '3': 1, '4': 1 },
  },
};

async function setup() {
  await i18n.loadNamespaces('notifications');
  const loaded: BellTab[] = [];
  const list = createActor(
    notificationListMachine.provide({
      actors: {
        fetchList: fromPromise(async ({ input }) => {
          loaded.push(input.tab);
          return pages[input.tab];
        }),
      },
    }),
  ).start();
  const clicks: number[] = [];
  const paths: string[] = [];
  const click = createActor(
    notificationClickMachine.provide({
      actors: {
        markSeen: fromPromise(async ({ input }) => void clicks.push(input.id)),
        refreshList: fromPromise<void>(async () => {}),
        fetchOrder: fromPromise(async ({ input }) => ({ id: input.orderId!, status: input.orderId === 10 ? 0 : 1 })),
      },
      actions: {
        openOrder: (_, { destination }) =>
          void paths.push(
            destination.kind === 'approvals'
              ? '/approvals'
              : destination.kind === 'order'
                ? `/sale-order/${destination.orderId}`
                : `/sale-order${destination.search ? `?q=${destination.search}` : ''}`,
          ),
      },
    }),
  ).start();
  await renderScreen(<NotificationBell list={list} click={click} now={() => NOW} />);
  return { list, click, loaded, clicks, paths };
}

describe('NotificationBell (core §2 bell)', { timeout: 20_000 }, () => {
  it('labels the bell with the unseen total and lists a tab with order, table and age', async () => {
    await setup();
    const bell = await screen.findByRole('button', { name: 'Notifications, 5 unseen' });
    await userEvent.click(bell);
    // hidden: the dropdown's fade-in never finishes in happy-dom (as in StoreFilter.test).
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(within(dialog).getByRole('tab', { name: /New order/, selected: true, hidden: true })).toBeTruthy();
    const items = await within(dialog).findAllByTestId('bell-item');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/Order DH0001, Not seen.*Bàn 1.*just now/),
      expect.stringMatching(/Order DH0002.*3 hours ago/),
    ]);
  });

  it('switches tabs and clicking an item opens its order', async () => {
    const { loaded, clicks, paths } = await setup();
    await userEvent.click(await screen.findByRole('button', { name: /Notifications/ }));
    const tab = await screen.findByRole('tab', { name: /Request payment/, hidden: true });
    await userEvent.click(tab);
    await waitFor(() => expect(loaded.at(-1)).toBe(1));
    const item = await screen.findByText(/DH0003/);
    expect(screen.getByText('2 days ago')).toBeTruthy();
    await userEvent.click(item);
    await waitFor(() => expect(paths).toEqual(['/sale-order/12']));
    expect(clicks).toEqual([3]);
  });

  it('issue 25 §3: an e-invoice the sale service could not issue is in its own tab and opens the list at its order (D257)', async () => {
    const { loaded, clicks, paths } = await setup();
    await userEvent.click(await screen.findByRole('button', { name: /Notifications/ }));
    await userEvent.click(await screen.findByRole('tab', { name: /E-invoice/, hidden: true }));
    await waitFor(() => expect(loaded.at(-1)).toBe(3));
    const item = await screen.findByText(/E-invoice not issued: order DH0001/);
    await userEvent.click(item);
    // The order is paid (status 0): without the type it would open the bare list.
    await waitFor(() => expect(paths).toEqual(['/sale-order?q=DH0001']));
    expect(clicks).toEqual([4]);
  });

  it('issue 27 §2: an approval asked is in its own tab and opens the approvals page (D310, D317)', async () => {
    const { loaded, clicks, paths } = await setup();
    await userEvent.click(await screen.findByRole('button', { name: /Notifications/ }));
    await userEvent.click(await screen.findByRole('tab', { name: /Approvals/, hidden: true }));
    await waitFor(() => expect(loaded.at(-1)).toBe(4));
    await userEvent.click(await screen.findByText(/Approval asked: order DH0002/));
    // The order is still open (status 1): without the type it would open the order.
    await waitFor(() => expect(paths).toEqual(['/approvals']));
    expect(clicks).toEqual([5]);
  });
});
