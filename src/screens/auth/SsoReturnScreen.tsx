import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What shows for the moment the single-sign-on return route reads its token. */
export function SsoReturnScreen() {
  const { t } = useTranslation('auth');
  return (
    <Center role="status">
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text>{t('sso.signingIn')}</Text>
      </Stack>
    </Center>
  );
}
