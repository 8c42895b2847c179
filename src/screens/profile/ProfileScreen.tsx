import { LoadingLine } from '../shared/LoadingLine';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  selectBusiness,
  selectProfileError,
  selectProfileLoading,
  type businessProfileMachine,
} from '../../machines/profile/businessProfile.machine';
import { errorMessageKey } from '../../services/errors';
import type { BusinessProfile } from '../../services/shared/schemas/auth';
import { FailureAlert } from '../shared/FailureAlert';

export type BusinessProfileActor = ActorRefFrom<typeof businessProfileMachine>;

type Field = keyof BusinessProfile;

/** core §3's fields in three groups; labels that differ between business and personal accounts have both (core §1). */
const SECTIONS: ReadonlyArray<{ key: 'merchant' | 'contact' | 'representative'; fields: readonly Field[] }> = [
  { key: 'merchant', fields: ['name', 'trademark', 'business', 'tax_no', 'merchant_code'] },
  { key: 'contact', fields: ['address', 'phone', 'mobile', 'email', 'website'] },
  { key: 'representative', fields: ['representative_name', 'position', 'indentification_no'] },
];
const WORDED: ReadonlySet<Field> = new Set(['name', 'tax_no', 'representative_name']);

/**
 * /profile (core §2 Business info): the business profile, read only, in business or personal wording.
 * Every value is the bank's text shown as text (never as markup or a link).
 */
export function ProfileScreen({ actor, accountType }: { actor: BusinessProfileActor; accountType: string | undefined }) {
  const { t } = useTranslation(['profile', 'errors']);
  // core §1: account type 'business' has enterprise wording, every other type the personal one.
  const wording = accountType === 'business' ? 'business' : 'personal';
  const profile = useSelector(actor, selectBusiness);
  const error = useSelector(actor, selectProfileError);
  const loading = useSelector(actor, selectProfileLoading);

  return (
    <Stack gap="md" p="md">
      <Title order={1} size="h2">
        {t(`title.${wording}`)}
      </Title>
      <Text>{t(`intro.${wording}`)}</Text>
      {loading ? <LoadingLine label={t('loading')} /> : null}
      {error !== null ? (
        <FailureAlert
          title={t('loadFailed')}
          message={t(errorMessageKey(error))}
          retryLabel={t('retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
          testId="profile-failed"
        />
      ) : null}
      {profile
        ? SECTIONS.map((section) => (
            <Paper key={section.key} withBorder p="md" component="section" aria-labelledby={`profile-${section.key}`}>
              <Title order={2} size="h4" id={`profile-${section.key}`} mb="sm">
                {t(`section.${section.key}.${wording}`)}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
                {section.fields.map((field) => (
                  <div key={field} data-field={field}>
                    <Text component="dt" size="sm" c="gray.8">
                      {t(WORDED.has(field) ? `field.${field}.${wording}` : `field.${field}`)}
                    </Text>
                    <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {profile[field] ?? t('notProvided')}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            </Paper>
          ))
        : null}
    </Stack>
  );
}
