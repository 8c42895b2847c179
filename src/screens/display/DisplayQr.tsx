import { useEffect, useState } from 'react';
import { Loader } from '@mantine/core';
import QRCode from 'qrcode';
import classes from './display.module.css';

/** Pixels per module and a 4-module quiet zone: read by a phone across the counter and by a decoder from a screenshot. */
const QR_OPTIONS = { errorCorrectionLevel: 'M' as const, margin: 4, scale: 8, color: { dark: '#000000', light: '#ffffff' } };

/** A QR drawn in the browser from its text (the VietQR EMV string, or the pairing address). */
export function DisplayQr({ text, alt, testId }: { text: string; alt: string; testId: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    QRCode.toDataURL(text, QR_OPTIONS).then(
      (url) => {
        if (!cancelled) setSrc(url);
      },
      () => {
        if (!cancelled) setSrc(null);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [text]);
  if (!src) return <Loader aria-label={alt} />;
  return <img src={src} alt={alt} data-testid={testId} className={classes.qr} />;
}
