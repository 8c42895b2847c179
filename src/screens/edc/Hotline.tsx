import { Anchor } from '@mantine/core';
import './styles';
import { useTranslation } from 'react-i18next';
import { usePortal } from '../shared/portal-context';

/** The POS-connection hotline of core §9 (runtime configuration), as a link a phone can call. */
export function PosHotline() {
  const { t } = useTranslation('edc');
  const hotline = usePortal().config.hotlines.pos;
  return (
    <Anchor href={`tel:${hotline.replace(/[^\d+]/g, '')}`} fw={700} c="blue.9" data-testid="pos-hotline">
      {t('hotlineLink', { hotline })}
    </Anchor>
  );
}

export function usePosHotline(): string {
  return usePortal().config.hotlines.pos;
}
