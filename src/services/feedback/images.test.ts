import { describe, expect, it } from 'vitest';
import { imageKind } from '../shared/images';
import { inspectImages } from './images';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
const file = (bytes: ArrayLike<number> | string, name: string, type = 'image/png', size?: number) => {
  const body = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : new Uint8Array(size ?? bytes.length);
  if (typeof bytes !== 'string') body.set(Array.from(bytes));
  return new File([body], name, { type });
};

describe('the browser’s image check (core §5, D90)', () => {
  it('reads the kind from the first bytes: PNG with IHDR, JPEG FF D8 FF; nothing else', () => {
    expect(imageKind(new Uint8Array(PNG_HEAD))).toBe('image/png');
    expect(imageKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(imageKind(new Uint8Array(PNG_HEAD.slice(0, 12)))).toBeNull();
    expect(imageKind(new TextEncoder().encode('GIF89a..........'))).toBeNull();
    expect(imageKind(new TextEncoder().encode('<svg onload=x>..'))).toBeNull();
  });

  it('refuses by size first (never reading a huge file), then by content whatever the name; types a JPEG named .png by its bytes', async () => {
    const [exact, over, renamed, jpegAsPng] = await inspectImages([
      file(PNG_HEAD, 'limit.png', 'image/png', 102_400),
      file(PNG_HEAD, 'over.png', 'image/png', 102_401),
      file('plain text, not an image', 'photo.png'),
      file([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'really-a-jpeg.png'),
    ]);
    expect(exact!.problem).toBeNull();
    expect(over).toMatchObject({ name: 'over.png', problem: 'size' });
    expect(renamed).toMatchObject({ name: 'photo.png', problem: 'format' });
    expect(jpegAsPng!.problem).toBeNull();
    expect(jpegAsPng!.file.type).toBe('image/jpeg');
  });
});
