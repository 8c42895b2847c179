import { useEffect, useState } from 'react';
import { Loader, Text } from '@mantine/core';
import './styles';

/**
 * A product image: the service serves it only with the session, so it is fetched as a Blob by `load`
 * (the route's) and shown through an object URL; a picked file shows the same way. Object URLs are
 * revoked when the image goes.
 */
export function ProductPhoto({
  url,
  file,
  load,
  alt,
  loadingText,
  failedText,
  size,
}: {
  url: string | null;
  file?: Blob | null;
  load: (url: string) => Promise<Blob>;
  alt: string;
  loadingText: string;
  failedText: string;
  size: number;
}) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    setSrc(null);
    setFailed(false);
    const show = (blob: Blob) => {
      if (cancelled) return;
      objectUrl = URL.createObjectURL(blob);
      setSrc(objectUrl);
    };
    if (file) show(file);
    else if (url)
      load(url)
        .then(show)
        .catch(() => {
          if (!cancelled) setFailed(true);
        });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, file, load]);
  if (!url && !file) return null;
  if (src) return <img src={src} alt={alt} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 6 }} />;
  if (failed)
    return (
      <Text size="xs" c="red.9">
        {failedText}
      </Text>
    );
  return (
    <span role="status" aria-label={loadingText}>
      <Loader size="xs" />
    </span>
  );
}
