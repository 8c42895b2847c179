import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseVietQr } from '../../src/services/qr/vietqr';

/**
 * Reads a QR image with Debian's zbarimg, as a phone camera would (scripts/ensure-chromium.sh
 * installs zbar-tools), and parses the text as VietQR, which throws unless its CRC and fields are valid.
 */
/** The text of the QR in a PNG, read with zbarimg as a phone camera would. */
export function decodeQrPng(png: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-qr-'));
  try {
    const file = join(dir, 'qr.png');
    writeFileSync(file, png);
    return execFileSync('/usr/bin/zbarimg', ['--raw', '-q', file], { encoding: 'utf8' }).trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function decodeVietQrPng(png: Buffer): ReturnType<typeof parseVietQr> & { raw: string } {
  const raw = decodeQrPng(png);
  return { ...parseVietQr(raw), raw };
}
