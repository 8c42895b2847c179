import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { authPaths } from '../../app/auth/paths';

export interface LockModalProps {
  onClose: () => void;
  /** mailto: link to bank support, subject prefilled. */
  mailto: string;
  lockedUntilText: string | null;
}

/** Core §4, §8: the account is locked for 24 hours; reset the password or contact support. */
export default function LockModal({ onClose, mailto, lockedUntilText }: LockModalProps) {
  const { t } = useTranslation('auth');
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('lock.title')}
      centered
      closeButtonProps={{ 'aria-label': t('lock.close') }}
      data-testid="lock-modal"
    >
      <Stack gap="sm">
        <Text>{t('lock.body')}</Text>
        <Text fw={600}>{t('lock.tryAgain')}</Text>
        {lockedUntilText ? <Text size="sm">{t('lock.until', { time: lockedUntilText })}</Text> : null}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button component="a" href={mailto} variant="outline">
            {t('lock.contact')}
          </Button>
          <Button component={Link} to={authPaths.forgotPassword()}>
            {t('lock.reset')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
