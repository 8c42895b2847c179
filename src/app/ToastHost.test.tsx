import { act, cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { cleanNotifications, notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastHost } from './ToastHost';

afterEach(() => {
  act(() => cleanNotifications());
  cleanup();
});

describe('ToastHost (issue 10 §8, D84; core §8 toasts)', () => {
  it('core §8: toasts raised before the container ever mounts keep the limit of 3 (this test runs first)', () => {
    act(() => {
      for (let i = 0; i < 5; i += 1) notifications.show({ message: `toast ${i}` });
    });
    const { notifications: shown, queue } = notificationsStore.getState();
    expect(shown).toHaveLength(3);
    expect(queue).toHaveLength(2);
  });

  it('mounts no container until a toast is raised, then shows the toast raised before it arrived', async () => {
    render(
      <MantineProvider>
        <ToastHost />
      </MantineProvider>,
    );
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => {
      notifications.show({ title: 'Đã lưu', message: 'Tài khoản đã được thêm' });
    });
    expect(await screen.findByText('Tài khoản đã được thêm')).toBeTruthy();
  });

  it('issue 24 §7, D225: toasts show at the top centre below the top bar, never at the bottom where the Save buttons are', async () => {
    render(
      <MantineProvider>
        <ToastHost />
      </MantineProvider>,
    );
    act(() => {
      notifications.show({ message: 'Đã chọn ký hiệu' });
    });
    const toast = await screen.findByText('Đã chọn ký hiệu');
    expect(toast.closest('.mantine-Notifications-root')?.getAttribute('data-position')).toBe('top-center');
  });
});
