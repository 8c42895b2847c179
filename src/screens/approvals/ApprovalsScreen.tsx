import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApprovalList, type ApprovalListActor } from './ApprovalList';
import { PinCard, type ApprovalPinActor } from './PinCard';
import './styles';

/**
 * /approvals (D310, D317): the owner's approval PIN and the requests to decide; a staff member's own
 * requests and how they stand, read-only, without the PIN (the service refuses them both anyway).
 */
export function ApprovalsScreen({ pin, list, owner }: { pin: ApprovalPinActor | null; list: ApprovalListActor; owner: boolean }) {
  const { t } = useTranslation('approvals');
  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1} size="h3">
          {t('page.title')}
        </Title>
        <Text size="sm">{owner ? t('page.introOwner') : t('page.introStaff')}</Text>
      </Stack>
      {owner && pin ? <PinCard actor={pin} /> : null}
      <ApprovalList actor={list} owner={owner} />
    </Stack>
  );
}
