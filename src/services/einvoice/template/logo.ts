import { bytesOf, imageKind } from '../../shared/images';

/** doc 2 §5: a template logo is a PDF, PNG or JPEG (read from its bytes, never its name), at most `maxBytes`. */
export type TemplateLogoKind = 'application/pdf' | 'image/png' | 'image/jpeg';

export interface CheckedTemplateLogo {
  name: string;
  size: number;
  kind: TemplateLogoKind | null;
  problem: 'format' | 'size' | null;
}

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** The kind from the first bytes: PNG or JPEG (the shared image check), or a PDF. */
export function templateLogoKind(head: Uint8Array): TemplateLogoKind | null {
  const image = imageKind(head);
  if (image) return image;
  return head.length >= PDF_SIGNATURE.length && PDF_SIGNATURE.every((b, i) => head[i] === b) ? 'application/pdf' : null;
}

/** The size first (a huge file is never read), then the kind from the first 16 bytes. */
export async function checkTemplateLogo(file: Blob, maxBytes: number): Promise<CheckedTemplateLogo> {
  const name = (file as File).name ?? '';
  if (file.size > maxBytes) return { name, size: file.size, kind: null, problem: 'size' };
  const kind = templateLogoKind(new Uint8Array(await bytesOf(file.slice(0, 16))));
  return { name, size: file.size, kind, problem: kind ? null : 'format' };
}
