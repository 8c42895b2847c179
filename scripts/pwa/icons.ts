/**
 * Draws the install icons of the web app manifest (D344) from public/favicon.svg, so the home-screen
 * icon is the tab's icon and not a drawing of its own. Run after changing the favicon and commit the
 * PNGs: `npx tsx scripts/pwa/icons.ts`. `--check` redraws them in memory and fails when a committed
 * file differs (its test does the same).
 *
 * sharp (D220) renders the SVG with librsvg at the density that makes the 32-unit view box the
 * target size, so edges are drawn at that size rather than scaled from a small bitmap.
 *   icon-192.png, icon-512.png   purpose "any": the favicon as it is (rounded, transparent corners);
 *   icon-maskable-512.png        purpose "maskable": the favicon's colour to every edge, the glyph as
 *                                it is, which stays inside the 40 % safe circle a launcher may cut to
 *                                (W3C Manifest, "purpose" member; web.dev/articles/maskable-icon).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ICONS, type IconSpec } from './options';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FAVICON = `${ROOT}public/favicon.svg`;
export const ICON_DIR = `${ROOT}public/icons/`;

/** The favicon's view box is 32 × 32; librsvg's default density is 72 dpi for one unit a pixel. */
const VIEW_BOX = 32;

/** The favicon with its rounded background replaced by a square one of the same colour. */
export function maskableSvg(favicon: string): string {
  const background = /<rect\b[^>]*\bfill="(#[0-9a-fA-F]{3,8})"[^>]*\/>/.exec(favicon);
  if (!background) throw new Error('public/favicon.svg: no background <rect fill="#…"/> to extend to the edges');
  return favicon.replace(background[0], `<rect width="${VIEW_BOX}" height="${VIEW_BOX}" fill="${background[1]}"/>`);
}

export async function renderIcon(favicon: string, spec: IconSpec): Promise<Buffer> {
  const svg = spec.purpose === 'maskable' ? maskableSvg(favicon) : favicon;
  return sharp(Buffer.from(svg), { density: (72 * spec.size) / VIEW_BOX })
    .resize(spec.size, spec.size)
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
}

export async function renderIcons(): Promise<Map<string, Buffer>> {
  const favicon = await readFile(FAVICON, 'utf8');
  const icons = new Map<string, Buffer>();
  for (const spec of ICONS) icons.set(spec.file, await renderIcon(favicon, spec));
  return icons;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  for (const [file, png] of await renderIcons()) {
    const path = `${ICON_DIR}${file}`;
    if (!check) {
      await writeFile(path, png);
      continue;
    }
    const committed = await readFile(path).catch(() => null);
    if (!committed || !committed.equals(png)) stale.push(file);
  }
  if (stale.length) {
    console.error(`Stale icons (run npx tsx scripts/pwa/icons.ts): ${stale.join(', ')}`);
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
