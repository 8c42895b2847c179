import { readdirSync, existsSync } from 'node:fs';
import sharp from 'sharp';

/**
 * Compares two folders of screenshots made by capture.ts, pixel by pixel (a channel more than 24 off
 * counts), and prints each page whose look differs: its sizes before and after, how many pixels
 * differ and between which rows. A few stray pixels (anti-aliasing, at most NOISE) count as the same. Rows of the seed that carry the time it was made (attendance,
 * invoices) differ between two runs by themselves; a changed layout shows as a changed height or a
 * band of rows. Usage: npx tsx scripts/looks/compare.ts <before folder> <after folder>
 */

/** Pixels that differ between two renders of the same page by themselves (anti-aliasing of a glyph edge). */
const NOISE = 3;

async function pixels(file: string, width: number, height: number): Promise<Buffer> {
  return sharp(file).extract({ left: 0, top: 0, width, height }).removeAlpha().raw().toBuffer();
}

async function main(before: string, after: string): Promise<void> {
  let same = 0;
  const names = readdirSync(before)
    .filter((name) => name.endsWith('.png'))
    .sort();
  for (const name of names) {
    if (!existsSync(`${after}/${name}`)) {
      console.log(`${name}\tmissing after`);
      continue;
    }
    const [a, b] = await Promise.all([sharp(`${before}/${name}`).metadata(), sharp(`${after}/${name}`).metadata()]);
    const width = Math.min(a.width!, b.width!);
    const height = Math.min(a.height!, b.height!);
    const [pa, pb] = await Promise.all([pixels(`${before}/${name}`, width, height), pixels(`${after}/${name}`, width, height)]);
    let differ = 0;
    let first = height;
    let last = 0;
    for (let i = 0; i < pa.length; i += 3) {
      if (Math.abs(pa[i]! - pb[i]!) > 24 || Math.abs(pa[i + 1]! - pb[i + 1]!) > 24 || Math.abs(pa[i + 2]! - pb[i + 2]!) > 24) {
        differ += 1;
        const row = Math.floor(i / 3 / width);
        first = Math.min(first, row);
        last = Math.max(last, row);
      }
    }
    if (differ <= NOISE && a.height === b.height) same += 1;
    else
      console.log(
        `${name}\t${a.width}×${a.height} → ${b.width}×${b.height}\t${differ} px differ${differ ? `, rows ${first}–${last}` : ''}`,
      );
  }
  console.log(`looks: ${same} of ${names.length} screenshots the same`);
}

const [before, after] = process.argv.slice(2);
if (!before || !after) throw new Error('usage: compare.ts <before folder> <after folder>');
await main(before, after);
