import { useEffect, useState } from 'react';
import { Loader } from '@mantine/core';
import QRCode from 'qrcode';

/** Pixels per module and a 4-module quiet zone: large enough for a phone and for a decoder reading a screenshot. */
const QR_OPTIONS = { errorCorrectionLevel: 'M' as const, margin: 4, scale: 8, color: { dark: '#000000', light: '#ffffff' } };

/** The QR drawn in the browser from the payload; the payload never leaves the page. */
export function QrImage({ payload, alt, testId, size }: { payload: string; alt: string; testId: string; size: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    QRCode.toDataURL(payload, QR_OPTIONS).then(
      (url) => !cancelled && setSrc(url),
      () => !cancelled && setSrc(null),
    );
    return () => {
      cancelled = true;
    };
  }, [payload]);
  if (!src) return <Loader aria-label={alt} />;
  return (
    <img
      src={src}
      alt={alt}
      data-testid={testId}
      width={size}
      height={size}
      style={{ maxWidth: '100%', height: 'auto', imageRendering: 'pixelated' }}
    />
  );
}
