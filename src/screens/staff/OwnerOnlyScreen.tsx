import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '../shared/table/styles';

/**
 * What a staff-type user sees at /staff and its sub-pages (D87: managing staff is the owner's).
 * `checking` while the profile (and so the role) is not in yet.
 */
export function OwnerOnlyScreen({ checking = false }: { checking?: boolean }) {
  const { t } = useTranslation('staff');
  return (
    <Stack gap="md" p="md" maw={640}>
      <Title order={1} size="h2">
        {t('ownerOnly.title')}
      </Title>
      {checking ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('ownerOnly.checking')}</Text>
        </Group>
      ) : (
        <Alert color="gray" variant="light" data-testid="staff-owner-only">
          <Text>{t('ownerOnly.body')}</Text>
        </Alert>
      )}
    </Stack>
  );
}
