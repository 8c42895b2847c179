import { Alert, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * D87: what a staff-type user sees where the owner has add, delete, link or activate controls: why they
 * are not there. One note for every area, so the reason reads the same everywhere. `page`: the whole
 * page is the owner's (an owner-only address opened by a staff-type user), not only its controls.
 */
export function OwnerOnlyNote({ page = false }: { page?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Alert color="blue" variant="light" title={t('ownerOnly.title')} data-testid="owner-only-note">
      <Text size="sm">{page ? t('ownerOnly.page') : t('ownerOnly.body')}</Text>
    </Alert>
  );
}

/** An owner-only page opened by a staff-type user (an old link, a typed address): its title and the note, nothing else. */
export function OwnerOnlyPage({ title }: { title: string }) {
  return (
    <Stack gap="md" p="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <OwnerOnlyNote page />
    </Stack>
  );
}
