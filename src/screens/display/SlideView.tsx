import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { selectSlideIndex, selectSlidesPlaying, type displaySlidesMachine } from '../../machines/display/displaySlides.machine';
import classes from './display.module.css';

export type DisplaySlidesActor = ActorRefFrom<typeof displaySlidesMachine>;

/** The number of welcome slides (the carousel machine's `count`). */
export const SLIDE_COUNT = 3;

/**
 * The welcome carousel (doc 2 §2 customer display). The shop's own pictures come with the sales
 * settings; until then the slides are text (the shop's name, how to pay, thanks) and say so plainly,
 * with no stand-in pictures.
 */
export function SlideView({ actor, shopName }: { actor: DisplaySlidesActor; shopName: string | null }) {
  const { t } = useTranslation('display');
  const index = useSelector(actor, selectSlideIndex);
  const playing = useSelector(actor, selectSlidesPlaying);
  const initial = shopName?.trim().charAt(0).toUpperCase() ?? '';

  const slides = [
    <div key="welcome" className={classes.slide}>
      {initial ? (
        <div className={classes.logo} aria-hidden="true" style={{ margin: '0 auto 16px' }}>
          {initial}
        </div>
      ) : null}
      <div className={classes.slideBody}>{shopName ? t('slide.welcome') : null}</div>
      <h1 className={classes.slideTitle} data-testid="display-shop-name">
        {shopName || t('slide.welcomeNoShop')}
      </h1>
    </div>,
    <div key="pay" className={classes.slide}>
      <h1 className={classes.slideTitle}>{t('slide.payTitle')}</h1>
      <p className={classes.slideBody}>{t('slide.payBody')}</p>
    </div>,
    <div key="thanks" className={classes.slide}>
      <h1 className={classes.slideTitle}>{t('slide.thanksTitle')}</h1>
      <p className={classes.slideBody}>{t('slide.thanksBody')}</p>
    </div>,
  ];

  return (
    <section className={classes.slides} aria-roledescription="carousel" aria-label={t('slide.carousel')} data-testid="display-slide">
      <div
        role="group"
        aria-roledescription="slide"
        aria-label={t('slide.slideOf', { index: index + 1, count: slides.length })}
        // Announcing every automatic move would talk over the shop; announce only while paused.
        aria-live={playing ? 'off' : 'polite'}
        data-testid="display-slide-current"
        data-index={index}
      >
        {slides[index]}
      </div>
      <div className={classes.dots}>
        <button
          type="button"
          className={classes.control}
          onClick={() => actor.send({ type: playing ? 'PAUSE' : 'PLAY' })}
          data-testid="display-slide-toggle"
        >
          {playing ? t('slide.pause') : t('slide.play')}
        </button>
        {slides.map((_, i) => (
          <button
            key={i}
            type="button"
            className={classes.dot}
            aria-label={t('slide.goTo', { index: i + 1 })}
            aria-current={i === index}
            onClick={() => actor.send({ type: 'GO', index: i })}
          />
        ))}
      </div>
      <p className={classes.note} data-testid="display-images-note">
        {t('slide.imagesNote')}
      </p>
    </section>
  );
}
