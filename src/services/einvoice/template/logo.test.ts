import { describe, expect, it } from 'vitest';
import { checkTemplateLogo, templateLogoKind } from './logo';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const pdf = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n');

describe('template logo check (doc 2 §5: PDF, PNG or JPEG, at most 5 MB)', () => {
  it('reads the kind from the bytes', () => {
    expect(templateLogoKind(png)).toBe('image/png');
    expect(templateLogoKind(jpeg)).toBe('image/jpeg');
    expect(templateLogoKind(pdf)).toBe('application/pdf');
    expect(templateLogoKind(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(templateLogoKind(new Uint8Array([0x25, 0x50, 0x44]))).toBeNull();
  });

  it('refuses a renamed text file and a file over the limit, whatever the name says', async () => {
    expect(await checkTemplateLogo(new File(['hello'], 'logo.png', { type: 'image/png' }), 100)).toEqual({
      name: 'logo.png',
      size: 5,
      kind: null,
      problem: 'format',
    });
    expect((await checkTemplateLogo(new File([pdf], 'logo.txt'), 1000)).kind).toBe('application/pdf');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png');
    expect((await checkTemplateLogo(big, 5 * 1024 * 1024)).problem).toBe('size');
    const exact = new File([png, new Uint8Array(5 * 1024 * 1024 - png.length)], 'exact.png');
    expect((await checkTemplateLogo(exact, 5 * 1024 * 1024)).problem).toBeNull();
  });
});
