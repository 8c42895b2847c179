import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../services/errors';
import { FailureAlert } from '../shared/FailureAlert';

/**
 * core §8 "Get merchant info failed": GET /user/info did not answer. Every signed-in page needs the
 * profile (merchant name, F&B rule, sockets), so the page says so and offers a retry instead of
 * waiting forever.
 */
export function ProfileFailed({ code, onRetry }: { code: string; onRetry: () => void }) {
  const { t } = useTranslation(['shell', 'errors']);
  return (
    <Stack gap="sm" p="md" maw={720}>
      <FailureAlert
        title={t('shell:profileFailed.title')}
        message={t(errorMessageKey(code))}
        retryLabel={t('shell:profileFailed.retry')}
        onRetry={onRetry}
        testId="profile-failed"
      />
      <Text size="sm">{t('shell:profileFailed.hint')}</Text>
    </Stack>
  );
}
