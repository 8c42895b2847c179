import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while the session is being restored, so a signed-in user never sees /login flash by. */
export function LoadingScreen() {
  const { t } = useTranslation('shell');
  return (
    <Center h="100dvh" role="status" data-testid="loading-screen">
      <Loader aria-hidden="true" />
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
    </Center>
  );
}
