import { Loader, Text } from '@mantine/core';
import { useSessionImage } from '../shared/use-session-image';

/** An image of the settings (uploads are served only with the session: see useSessionImage). */
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
  const { src, failed } = useSessionImage(url, load);
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
