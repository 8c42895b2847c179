import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectSoundbox } from '../../machines/orderpayment/selectors';
import { errorMessageKey } from '../../services/errors';
import { DROPDOWN_MAX_HEIGHT } from '../shared/dropdown';
import { READABLE_ALERT } from './alert-styles';
import type { QrActor } from './WayPanels';

/**
 * Sending the order's QR to a Soundbox of the order's store (core §7 POST /payment/push-qr-terminal,
 * D298): offered only when the store has an active one; several: the cashier chooses. The guest scans
 * it there; the payment itself is heard like any QR payment.
 */
export function SoundboxPush({ actor }: { actor: QrActor }) {
  const { t } = useTranslation(['orderpayment', 'errors']);
  const box = useSelector(actor, selectSoundbox);
  if (box.failedToList)
    return (
      <Group gap="xs" justify="center" data-testid="soundbox-list-failed">
        <Text size="sm" role="status">
          {t('soundbox.listFailed')}
        </Text>
        <Button size="xs" variant="default" onClick={() => actor.send({ type: 'SOUNDBOX.RELOAD' })}>
          {t('soundbox.reload')}
        </Button>
      </Group>
    );
  if (!box.offered) return null;
  const message = (code: string) => t(`soundbox.errors.${code}`, { defaultValue: t(errorMessageKey(code)) });
  return (
    <Stack gap="xs" w="100%" maw={360} data-testid="soundbox-push" role="group" aria-label={t('soundbox.title')}>
      {box.soundboxes.length > 1 ? (
        <Select
          label={t('soundbox.label')}
          data={box.soundboxes.map((b) => ({ value: b.serial, label: b.serial }))}
          value={box.chosen}
          allowDeselect={false}
          onChange={(serial) => serial && actor.send({ type: 'SOUNDBOX.CHOOSE', serial })}
          comboboxProps={{ withinPortal: true }}
          maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
          data-testid="soundbox-select"
        />
      ) : (
        <Text size="sm" ta="center">
          {t('soundbox.one', { serial: box.chosen })}
        </Text>
      )}
      <Button onClick={() => actor.send({ type: 'SOUNDBOX.PUSH' })} loading={box.pushing} data-testid="soundbox-push-button">
        {box.pushedTo ? t('soundbox.pushAgain') : t('soundbox.push')}
      </Button>
      <div aria-live="polite">
        {box.pushedTo && (
          <Text size="sm" c="#216e33" ta="center" data-testid="soundbox-pushed">
            {t('soundbox.pushed', { serial: box.pushedTo })}
          </Text>
        )}
      </div>
      {box.pushError && (
        <Alert styles={READABLE_ALERT} color="red" role="alert" title={t('soundbox.failedTitle')} data-testid="soundbox-push-error">
          {message(box.pushError)}
        </Alert>
      )}
    </Stack>
  );
}
