import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface RegisterDigistoreScreenProps {
  /** The merchant's name from the profile loaded at sign-in, if any. */
  merchantName: string | null;
  onFinish: () => void;
  onBack: () => void;
  busy?: boolean;
}

/**
 * Decision D8: the account is not yet linked to the unified identity. Finishing records the login
 * method and continues to the configured address; Back returns to sign-in.
 */
export function RegisterDigistoreScreen({ merchantName, onFinish, onBack, busy }: RegisterDigistoreScreenProps) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('register.title')}
      </Title>
      <Text>{merchantName ? t('register.body', { name: merchantName }) : t('register.bodyNoName')}</Text>
      <Button onClick={onFinish} loading={busy} fullWidth>
        {t('register.finish')}
      </Button>
      <Button variant="default" onClick={onBack} fullWidth>
        {t('register.back')}
      </Button>
    </Stack>
  );
}
