import { useEffect, useState } from 'react';
import { Loader, Text } from '@mantine/core';

/**
 * An image of the settings: uploads are served only with the session, so every image is fetched as a
 * Blob by `load` (the route's) and shown through an object URL, revoked when the image goes.
 */
export function SettingsImage({
  url,
  load,
  alt,
  failedText,
  width,
  height,
  testId,
}: {
  url: string;
  load: (url: string) => Promise<Blob>;
  alt: string;
  failedText: string;
  width: number;
  height: number;
  testId?: string;
}) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    setSrc(null);
    setFailed(false);
    load(url)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, load]);
  if (src)
    return (
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        style={{ objectFit: 'cover', borderRadius: 6, maxWidth: '100%', height: 'auto', aspectRatio: `${width} / ${height}` }}
        data-testid={testId}
        data-src={url}
      />
    );
  if (failed)
    return (
      <Text size="xs" c="red.9">
        {failedText}
      </Text>
    );
  return <Loader size="xs" aria-label={alt} />;
}
