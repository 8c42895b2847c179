import { Loader } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { selectSlideIndex, selectSlidesPlaying, type displaySlidesMachine } from '../../machines/display/displaySlides.machine';
import type { DisplayLook } from '../../services/display/schemas';
import { useSessionImage } from '../shared/use-session-image';
import classes from './display.module.css';

export type DisplaySlidesActor = ActorRefFrom<typeof displaySlidesMachine>;

/** The number of text slides shown while the shop has no banners (the carousel machine's `count`). */
export const SLIDE_COUNT = 3;

/** How many slides the carousel has for a look (D296): one per banner, else the text slides. */
export const slideCount = (look: DisplayLook | null) => (look && look.banners.length > 0 ? look.banners.length : SLIDE_COUNT);

export interface SlideViewProps {
  actor: DisplaySlidesActor;
  shopName: string | null;
  /** The shop's screen customisation, null while it saved none (D296). */
  look: DisplayLook | null;
  /** A banner as a Blob: the display's own route, with its token or the session. */
  loadImage: (url: string) => Promise<Blob>;
}

function Banner({ url, alt, load }: { url: string; alt: string; load: (url: string) => Promise<Blob> }) {
  const { src, failed } = useSessionImage(url, load);
  if (src) return <img className={classes.bannerImage} src={src} alt={alt} data-testid="display-banner" data-src={url} />;
  // A picture that did not come leaves its place empty: the customer needs no error here.
  return <div className={classes.bannerImage}>{failed ? null : <Loader color="white" aria-label={alt} />}</div>;
}

/** The text slides of D144, with the shop's welcome and thank-you texts in place of ours when it saved them. */
function textSlides(t: (key: string) => string, shopName: string | null, look: DisplayLook | null) {
  const initial = shopName?.trim().charAt(0).toUpperCase() ?? '';
  return [
    <div key="welcome" className={classes.slide}>
      {initial ? (
        <div className={classes.logo} aria-hidden="true" style={{ margin: '0 auto 16px' }}>
          {initial}
        </div>
      ) : null}
      {look ? (
        <>
          <h1 className={classes.slideTitle} data-testid="display-welcome">
            {look.first_welcome}
          </h1>
          <p className={classes.slideBody}>{look.second_welcome}</p>
        </>
      ) : (
        <>
          <div className={classes.slideBody}>{shopName ? t('slide.welcome') : null}</div>
          <h1 className={classes.slideTitle} data-testid="display-shop-name">
            {shopName || t('slide.welcomeNoShop')}
          </h1>
        </>
      )}
    </div>,
    <div key="pay" className={classes.slide}>
      <h1 className={classes.slideTitle}>{t('slide.payTitle')}</h1>
      <p className={classes.slideBody}>{t('slide.payBody')}</p>
    </div>,
    <div key="thanks" className={classes.slide}>
      <h1 className={classes.slideTitle}>{t('slide.thanksTitle')}</h1>
      <p className={classes.slideBody}>{look ? look.thank_content : t('slide.thanksBody')}</p>
    </div>,
  ];
}

/**
 * The welcome carousel (doc 2 §2 customer display, D144, D296). With the shop's screen customisation
 * the slides are its banners, under its two welcome texts; without banners, the text slides (with the
 * shop's texts when it saved them) and a plain line that its pictures would show here. Every text the
 * shop typed is rendered as text.
 */
export function SlideView({ actor, shopName, look, loadImage }: SlideViewProps) {
  const { t } = useTranslation('display');
  const index = useSelector(actor, selectSlideIndex);
  const playing = useSelector(actor, selectSlidesPlaying);
  const banners = look?.banners ?? [];
  const shop = shopName?.trim();
  const alt = (i: number) =>
    shop
      ? t('slide.bannerAlt', { shop, index: i + 1, count: banners.length })
      : t('slide.bannerAltNoShop', { index: i + 1, count: banners.length });
  const slides =
    look && banners.length > 0
      ? banners.map((url, i) => <Banner key={url} url={url} alt={alt(i)} load={loadImage} />)
      : textSlides(t, shopName, look);
  const current = Math.min(index, slides.length - 1);

  return (
    <section className={classes.slides} aria-roledescription="carousel" aria-label={t('slide.carousel')} data-testid="display-slide">
      {look && banners.length > 0 ? (
        <div className={classes.slide}>
          <h1 className={classes.bannerTitle} data-testid="display-welcome">
            {look.first_welcome}
          </h1>
          <p className={classes.slideBody}>{look.second_welcome}</p>
        </div>
      ) : null}
      <div
        role="group"
        aria-roledescription="slide"
        aria-label={t('slide.slideOf', { index: current + 1, count: slides.length })}
        // Announcing every automatic move would talk over the shop; announce only while paused.
        aria-live={playing ? 'off' : 'polite'}
        className={banners.length > 0 ? classes.bannerFrame : undefined}
        data-testid="display-slide-current"
        data-index={current}
      >
        {slides[current]}
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
            aria-current={i === current}
            onClick={() => actor.send({ type: 'GO', index: i })}
          />
        ))}
      </div>
      {banners.length === 0 ? (
        <p className={classes.note} data-testid="display-images-note">
          {t('slide.imagesNote')}
        </p>
      ) : null}
    </section>
  );
}
