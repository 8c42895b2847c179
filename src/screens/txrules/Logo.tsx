import { Text } from '@mantine/core';
import './styles';

/** Only same-origin paths and https addresses from the service become an image source. */
function safeSource(src: string | undefined): string | null {
  if (!src) return null;
  if (src.startsWith('/') && !src.startsWith('//')) return src;
  return /^https:\/\//i.test(src) ? src : null;
}

/** A brand's or bank's logo with its name as the alternative text; the name alone when there is no usable image. */
export function Logo({ src, name, alt }: { src: string | undefined; name: string; alt: string }) {
  const source = safeSource(src);
  if (!source) return <Text size="sm">{name}</Text>;
  return <img src={source} alt={alt} title={name} height={24} style={{ display: 'block', height: 24, width: 'auto' }} loading="lazy" />;
}
