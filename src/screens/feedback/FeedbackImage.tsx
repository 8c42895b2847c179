import { useEffect, useState } from 'react';
import { Loader, Text } from '@mantine/core';
import { useSessionImage } from '../shared/use-session-image';

/** An image the service serves only with the session (see useSessionImage; `load` is the route's, with the bearer). */
export function FeedbackImage({
  url,
  load,
  alt,
  loadingText,
  failedText,
  className,
}: {
  url: string;
  load: (url: string) => Promise<Blob>;
  alt: string;
  loadingText: string;
  failedText: string;
  className?: string;
}) {
  const { src, failed } = useSessionImage(url, load);
  if (src) return <img src={src} alt={alt} className={className} />;
  if (failed)
    return (
      <Text size="sm" c="red.9" role="alert">
        {failedText}
      </Text>
    );
  return (
    <span role="status" aria-label={loadingText}>
      <Loader size="sm" />
    </span>
  );
}

/** A picked file's preview through an object URL, revoked when the preview goes. */
export function LocalPreview({ file, alt, className }: { file: Blob; alt: string; className?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return src ? <img src={src} alt={alt} className={className} /> : null;
}
