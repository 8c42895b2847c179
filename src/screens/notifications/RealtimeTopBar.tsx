import { Group } from '@mantine/core';
import type { ActorRefFrom } from 'xstate';
import type { notificationClickMachine } from '../../machines/notifications/notificationClick.machine';
import type { notificationListMachine } from '../../machines/notifications/notificationList.machine';
import type { ConnectionStatus } from '../../machines/notifications/realtimeConnection.machine';
import { ConnectionIndicator } from './ConnectionIndicator';
import { MuteToggle } from './MuteToggle';
import { NotificationBell } from './NotificationBell';
import './styles';

export interface RealtimeTopBarProps {
  status: ConnectionStatus;
  muted: boolean;
  onMutedChange: (muted: boolean) => void;
  list: ActorRefFrom<typeof notificationListMachine>;
  click: ActorRefFrom<typeof notificationClickMachine>;
}

/** The top bar's realtime corner: connection dot, announcement mute, notification bell. */
export function RealtimeTopBar(props: RealtimeTopBarProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <ConnectionIndicator status={props.status} />
      <MuteToggle muted={props.muted} onChange={props.onMutedChange} />
      <NotificationBell list={props.list} click={props.click} />
    </Group>
  );
}
