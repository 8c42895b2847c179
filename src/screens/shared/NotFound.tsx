import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { authPaths } from '../../app/auth/paths';
import { dashboardPaths } from '../../app/dashboard/paths';

/** Any unknown address (core §2): inside the shell when signed in, on its own otherwise. */
export function NotFound({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <Stack gap="sm" p="lg" maw={720}>
      <Title order={1} size="h2" data-testid="not-found-heading">
        {t('notFound.title')}
      </Title>
      <Text c="gray.7">{t('notFound.body')}</Text>
      <Anchor component={Link} to={signedIn ? dashboardPaths.home() : authPaths.login()} c="blue.8" w="fit-content">
        {signedIn ? t('notFound.home') : t('notFound.login')}
      </Anchor>
    </Stack>
  );
}
