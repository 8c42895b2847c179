import { Loader, Stack, Text } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  selectDisplayLink,
  selectDisplayMessage,
  selectDisplayView,
  type displayScreenMachine,
} from '../../machines/display/displayScreen.machine';
import type { DisplayLook } from '../../services/display/schemas';
import { LanguageSelect } from '../shared/LanguageSelect';
import { OrderInfoView } from './OrderInfoView';
import { SlideView, type DisplaySlidesActor } from './SlideView';
import { SuccessView } from './SuccessView';
import classes from './display.module.css';

export type DisplayScreenActor = ActorRefFrom<typeof displayScreenMachine>;

export interface DisplayScreenProps {
  actor: DisplayScreenActor;
  slides: DisplaySlidesActor;
  shopName: string | null;
  /** The shop's screen customisation (D296); null: the display's own texts. */
  look: DisplayLook | null;
  /** A banner of the look as a Blob (the display's own route). */
  loadImage: (url: string) => Promise<Blob>;
  /** Where a device unpaired by the shop goes to pair again. */
  pairHref: string;
}

/** The customer display: whichever of its three pages the cashier's screen calls for, full screen, no chrome. */
export function DisplayScreen({ actor, slides, shopName, look, loadImage, pairHref }: DisplayScreenProps) {
  const { t } = useTranslation('display');
  const view = useSelector(actor, selectDisplayView);
  const message = useSelector(actor, selectDisplayMessage);
  const link = useSelector(actor, selectDisplayLink);

  return (
    <div className={classes.page} data-testid="display-page" data-view={view}>
      {link === 'lost' ? (
        <div className={classes.banner} role="status" data-testid="display-link-lost">
          {t('link.lost')}
        </div>
      ) : null}
      {link === 'revoked' ? (
        <div className={classes.banner} role="alert" data-testid="display-link-revoked">
          {t('link.revoked')} <a href={pairHref}>{t('link.pairAgain')}</a>
        </div>
      ) : null}
      {view === 'waiting' ? (
        <Stack flex={1} align="center" justify="center" data-testid="display-waiting">
          <Loader color="white" aria-hidden="true" />
          <Text size="xl" role="status">
            {t('waiting')}
          </Text>
        </Stack>
      ) : null}
      {view === 'slide' ? <SlideView actor={slides} shopName={shopName} look={look} loadImage={loadImage} /> : null}
      {view === 'orderInfo' && message ? <OrderInfoView message={message} /> : null}
      {view === 'success' ? <SuccessView message={message} thanks={look?.thank_content ?? null} /> : null}
      <div className={classes.corner}>
        <LanguageSelect />
      </div>
    </div>
  );
}
