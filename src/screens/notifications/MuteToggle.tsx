import { ActionIcon, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RealtimeIcon } from './icons';

/** Announcements on or off; pressed = muted. */
export function MuteToggle({ muted, onChange }: { muted: boolean; onChange: (muted: boolean) => void }) {
  const { t } = useTranslation('notifications');
  return (
    <Tooltip label={muted ? t('mute.muted') : t('mute.mute')} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray.8"
        size="lg"
        aria-label={t('mute.mute')}
        aria-pressed={muted}
        data-testid="mute-toggle"
        onClick={() => onChange(!muted)}
      >
        <RealtimeIcon name={muted ? 'volumeOff' : 'volume'} />
      </ActionIcon>
    </Tooltip>
  );
}
