import type { AxeResults } from 'axe-core';
import type { Frame, Locator, Page } from '@playwright/test';
import { installProbeHelpers, measureInPage, probeInPage, restoreScrollInPage, type Box, type Probe } from './contrast-page';

/** WCAG 1.4.3: 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold). */
const NORMAL_MINIMUM = 4.5;
const LARGE_MINIMUM = 3;

/** Marks the nodes being measured, so the screenshot's stylesheet can hide their text. */
const MARK = 'data-e2e-contrast';

/**
 * The screenshot's stylesheet: the measured text (and text drawn by its pseudo-elements) is painted
 * transparent, so the picture shows exactly what is behind the letters. `-webkit-text-fill-color`
 * hides glyphs without changing `color`, so borders and backgrounds drawn in `currentColor` stay.
 */
const HIDE_TEXT = `
[${MARK}], [${MARK}] *, [${MARK}]::before, [${MARK}]::after {
  -webkit-text-fill-color: transparent !important;
  text-decoration-color: transparent !important;
  text-shadow: none !important;
  caret-color: transparent !important;
}
text[${MARK}], text[${MARK}] tspan { fill: transparent !important; stroke: transparent !important; }
`;

interface Target {
  key: string;
  frame: Frame;
  selector: string;
  /** Where the frame's viewport sits in the page's viewport. */
  offset: { x: number; y: number };
}

const hex = (rgb: readonly number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** The frame an axe target lives in (a target is a chain of selectors through iframes) and its offset. */
async function resolveTarget(page: Page, target: readonly unknown[]): Promise<Omit<Target, 'key'> | null> {
  let frame = page.mainFrame();
  const offset = { x: 0, y: 0 };
  for (const step of target.slice(0, -1)) {
    if (typeof step !== 'string') return null;
    const handle = await frame.$(step);
    const box = await handle?.boundingBox();
    const inner = await handle?.contentFrame();
    if (!handle || !box || !inner) return null;
    const border = await handle.evaluate((el) => ({ x: el.clientLeft, y: el.clientTop }));
    offset.x = box.x + border.x;
    offset.y = box.y + border.y;
    frame = inner;
  }
  const selector = target[target.length - 1];
  return typeof selector === 'string' ? { frame, selector, offset } : null;
}

/** Probes the marked texts `keys` in one frame (scrolling the first into view first when `scroll`). */
async function probeFrame(frame: Frame, keys: string[], scroll: boolean): Promise<Probe[]> {
  await frame.evaluate(installProbeHelpers);
  return (await frame.evaluate(probeInPage, { mark: MARK, keys, scroll })) as Probe[];
}

/** Every pending text's probe, in the main page's viewport. */
async function probeAll(frames: Frame[], pending: Target[]): Promise<Probe[]> {
  const probes: Probe[] = [];
  for (const frame of frames) {
    const here = pending.filter((n) => n.frame === frame);
    if (here.length === 0) continue;
    const found = await probeFrame(
      frame,
      here.map((n) => n.key),
      false,
    );
    const offset = here[0]!.offset;
    const shift = (r: Box) => ({ ...r, x: r.x + offset.x, y: r.y + offset.y });
    for (const p of found) probes.push({ ...p, rects: p.rects.map(shift), excluded: p.excluded.map(shift) });
  }
  return probes;
}

/**
 * The probes once the page has stopped moving. A scroll makes floating parts follow their anchor a
 * frame later (a popover placed by floating-ui listens for the scroll): boxes read at once would be
 * where the text was, and the picture would show the page behind the popover. So after a scroll the
 * boxes are read again, a frame apart, until two readings agree.
 */
async function settledProbes(frames: Frame[], pending: Target[], scrolled: boolean): Promise<Probe[]> {
  let probes = await probeAll(frames, pending);
  if (!scrolled) return probes;
  const boxes = (list: Probe[]) => JSON.stringify(list.map((p) => [p.seen, p.rects, p.excluded]));
  for (let i = 0; i < 20; i++) {
    await frames[0]!.page().evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const again = await probeAll(frames, pending);
    if (boxes(again) === boxes(probes)) return again;
    probes = again;
  }
  return probes;
}

/**
 * axe leaves colour contrast it cannot decide "to review" (its `incomplete` list): a background
 * image or gradient, text over another element, an SVG label, or text the same colour as its
 * background, which it takes for deliberately hidden. Every one of those is measured here against
 * what is really painted behind the letters, and the texts under 4.5:1 (3:1 large) are returned as
 * readable lines. D223.
 */
export async function lowContrastText(page: Page, incomplete: AxeResults['incomplete']): Promise<string[]> {
  const targets = incomplete.filter((r) => r.id === 'color-contrast').flatMap((r) => r.nodes.map((n) => n.target as readonly unknown[]));
  if (targets.length === 0) return [];
  const nodes: Target[] = [];
  const failures: string[] = [];
  for (const [i, target] of targets.entries()) {
    const resolved = await resolveTarget(page, target);
    if (resolved) nodes.push({ key: String(i), ...resolved });
    else failures.push(`${JSON.stringify(target)}: could not find the element axe named`);
  }
  const frames = [...new Set(nodes.map((n) => n.frame))];
  const described = new Map<string, string>();
  try {
    for (const frame of frames) {
      await frame.evaluate(
        ({ mark, marks }) => {
          for (const { selector, key } of marks) document.querySelector(selector)?.setAttribute(mark, key);
        },
        { mark: MARK, marks: nodes.filter((n) => n.frame === frame).map(({ selector, key }) => ({ selector, key })) },
      );
    }
    let pending = nodes;
    let scrollNext = false;
    while (pending.length > 0) {
      if (scrollNext) await probeFrame(pending[0]!.frame, [pending[0]!.key], true);
      const probes = await settledProbes(frames, pending, scrollNext);
      // What needs no picture: gone since axe looked, hidden under something, or no colour to compare.
      const settled = new Set(probes.filter((p) => p.seen === 'gone' || p.seen === 'covered' || p.fg === null).map((p) => p.key));
      // After a scroll, the first one is measured even if only part of it can be seen (a label cut
      // by its own box is the clipping check's to report).
      const ready = probes.filter(
        (p) => !settled.has(p.key) && (p.seen === 'visible' || (scrollNext && p.key === pending[0]!.key && p.seen === 'partial')),
      );
      if (scrollNext && !ready.some((p) => p.key === pending[0]!.key)) settled.add(pending[0]!.key);
      if (ready.length > 0) {
        const left = Math.floor(Math.min(...ready.flatMap((p) => p.rects.map((r) => r.x))));
        const top = Math.floor(Math.min(...ready.flatMap((p) => p.rects.map((r) => r.y))));
        const right = Math.ceil(Math.max(...ready.flatMap((p) => p.rects.map((r) => r.x + r.width))));
        const bottom = Math.ceil(Math.max(...ready.flatMap((p) => p.rects.map((r) => r.y + r.height))));
        const png = await page.screenshot({
          clip: { x: left, y: top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) },
          style: HIDE_TEXT,
          animations: 'disabled',
          caret: 'hide',
          scale: 'css',
        });
        const measured = await page.evaluate(measureInPage, { png: png.toString('base64'), origin: { x: left, y: top }, probes: ready });
        for (const m of measured) {
          const probe = ready.find((p) => p.key === m.key)!;
          settled.add(m.key);
          if (m.ratio === null) continue;
          const minimum = probe.large ? LARGE_MINIMUM : NORMAL_MINIMUM;
          if (m.ratio < minimum) {
            const node = nodes.find((n) => n.key === m.key)!;
            described.set(
              m.key,
              `"${probe.text}" ${m.ratio.toFixed(2)}:1 (needs ${minimum}:1): text ${hex(probe.fg!.slice(0, 3))}` +
                `${probe.fg![3] < 1 ? ` at ${probe.fg![3].toFixed(2)} alpha` : ''} on ${hex(m.bg!)}\n      ${node.selector}`,
            );
          }
        }
      }
      // The next scroll brings the highest text left into the middle of the view, so one pass down the
      // page measures everything below it on the way.
      const top = new Map(probes.map((p) => [p.key, p.top]));
      pending = pending.filter((n) => !settled.has(n.key)).sort((a, b) => top.get(a.key)! - top.get(b.key)!);
      scrollNext = true;
    }
  } finally {
    for (const frame of frames) {
      await frame.evaluate(
        ({ mark }) => {
          for (const el of document.querySelectorAll(`[${mark}]`)) el.removeAttribute(mark);
        },
        { mark: MARK },
      );
      await frame.evaluate(restoreScrollInPage);
    }
  }
  return [...failures, ...described.values()];
}

/**
 * The contrast of an element's text against the background it sits on, from computed styles: its
 * colour over its own and its ancestors' background colours, composed until one is opaque (for a
 * part with a plain background, such as a badge; the guard above measures the painted pixels).
 */
export async function textContrast(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const rgba = (css: string): [number, number, number, number] => {
      const canvas = new OffscreenCanvas(1, 1);
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const layers: [number, number, number, number][] = [];
    for (let a: Element | null = el; a; a = a.parentElement) {
      const bg = rgba(getComputedStyle(a).backgroundColor);
      if (bg[3] > 0) layers.push(bg);
      if (bg[3] >= 1) break;
    }
    let back: [number, number, number] = [255, 255, 255];
    for (const [r, g, b, a] of layers.reverse()) back = [r * a + back[0] * (1 - a), g * a + back[1] * (1 - a), b * a + back[2] * (1 - a)];
    const [r, g, b, a] = rgba(getComputedStyle(el).color);
    const text = [r * a + back[0] * (1 - a), g * a + back[1] * (1 - a), b * a + back[2] * (1 - a)];
    const channel = (v: number) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    const lum = ([x, y, z]: number[]) => 0.2126 * channel(x!) + 0.7152 * channel(y!) + 0.0722 * channel(z!);
    const [hi, lo] = [lum(text), lum(back)].sort((p, q) => q - p) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  });
}
