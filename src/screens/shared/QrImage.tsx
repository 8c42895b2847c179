import { useEffect, useState, type CSSProperties } from 'react';
import { Loader } from '@mantine/core';
import QRCode from 'qrcode';

/**
 * Error correction M and a 4-module quiet zone, black on white: read by a phone across a counter and
 * by a decoder from a screenshot. 8 pixels a module unless a pixel width is asked for.
 */
const BASE_OPTIONS = { errorCorrectionLevel: 'M' as const, margin: 4, color: { dark: '#000000', light: '#ffffff' } };

export interface QrImageProps {
  /** The text encoded (a VietQR EMV string, an address); drawn in the browser, it never leaves the page. */
  payload: string;
  alt: string;
  testId: string;
  /** Draw at exactly this many pixels (doc 2 §9: the table QR at 220 px); else 8 pixels a module. */
  pixels?: number;
  className?: string;
  style?: CSSProperties;
}

/**
 * The last images drawn, by what they encode and their size: a QR shown again (the payment page's QR
 * tab chosen once more, D377) is the same image at once, with no loader and no drawing in the tap's
 * frame. A few only: the page shows one or two at a time.
 */
const DRAWN_KEPT = 8;
const drawn = new Map<string, string>();
function keep(key: string, url: string) {
  drawn.delete(key);
  drawn.set(key, url);
  if (drawn.size > DRAWN_KEPT) drawn.delete(drawn.keys().next().value!);
}

/** A QR image, with a labelled loader while it is drawn. Pixelated, so every module keeps sharp edges. */
export function QrImage({ payload, alt, testId, pixels, className, style }: QrImageProps) {
  const key = `${pixels ?? 'scale8'}:${payload}`;
  const [made, setMade] = useState<{ key: string; src: string | null } | null>(null);
  const src = drawn.get(key) ?? (made?.key === key ? made.src : null);
  useEffect(() => {
    if (drawn.has(key)) return;
    let cancelled = false;
    QRCode.toDataURL(payload, pixels ? { ...BASE_OPTIONS, width: pixels } : { ...BASE_OPTIONS, scale: 8 }).then(
      (url) => {
        keep(key, url);
        if (!cancelled) setMade({ key, src: url });
      },
      () => {
        if (!cancelled) setMade({ key, src: null });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [key, payload, pixels]);
  if (!src) return <Loader aria-label={alt} />;
  return (
    <img
      src={src}
      alt={alt}
      data-testid={testId}
      className={className}
      width={pixels}
      height={pixels}
      style={{ imageRendering: 'pixelated', ...style }}
    />
  );
}
