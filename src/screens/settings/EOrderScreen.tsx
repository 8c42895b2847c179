import { Anchor, Stack, Title } from '@mantine/core';
import './styles';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EPaymentSetupForm, type EPaymentSetupActor } from './EPaymentSetupForm';

/** /e-order (doc 2 §2): the e-order payment form on a page of its own, with its back link. */
export function EOrderScreen({ actor, backTo }: { actor: EPaymentSetupActor; backTo: string }) {
  const { t } = useTranslation('settings');
  return (
    <Stack gap="md" p="md">
      <Anchor component={Link} to={backTo} size="sm" w="fit-content" data-testid="eorder-back">
        {t('eorder.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('eorder.title')}
      </Title>
      <EPaymentSetupForm actor={actor} />
    </Stack>
  );
}
