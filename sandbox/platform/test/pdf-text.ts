import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The text of a PDF as a reader gets it (`pdftotext` of poppler-utils, which `npm run test:all`
 * installs), or null with a warning when the program is missing, so a developer without it still
 * runs the rest of the test. Any other failure (a PDF pdftotext cannot read) is thrown.
 * `layout` keeps the columns where they stand on the page (the totals beside their labels).
 */
export function pdfText(bytes: Uint8Array, { layout = false }: { layout?: boolean } = {}): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
  try {
    const file = join(dir, 'invoice.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', [...(layout ? ['-layout'] : []), file, '-'], { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      console.warn('pdftotext (poppler-utils) is not installed: the PDF text checks are skipped; `npm run test:all` installs it');
      return null;
    }
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
