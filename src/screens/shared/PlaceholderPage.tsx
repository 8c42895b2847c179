import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The one honest "not built yet" screen for every area that does not exist yet (README: the
 * sidebar shows every area; areas not built yet say so on screen).
 */
export function NotBuiltYet({ area }: { area: string }) {
  const { t } = useTranslation('shell');
  return (
    <Stack gap="sm" p="lg" maw={720}>
      <Title order={1} size="h2" data-testid="not-built-yet-heading">
        {t('notBuilt.title', { area })}
      </Title>
      <Text c="gray.7">{t('notBuilt.body')}</Text>
    </Stack>
  );
}

/** What the feedback area shows when the deployment flag feedbackComingSoon is on (core §1). */
export function ComingSoon({ area }: { area: string }) {
  const { t } = useTranslation('shell');
  return (
    <Stack gap="sm" p="lg" maw={720}>
      <Title order={1} size="h2" data-testid="coming-soon-heading">
        {t('comingSoon.title', { area })}
      </Title>
      <Text c="gray.7">{t('comingSoon.body')}</Text>
    </Stack>
  );
}
