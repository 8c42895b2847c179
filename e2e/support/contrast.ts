import type AxeBuilder from '@axe-core/playwright';
import type { Frame, Locator, Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

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

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One text node set to measure, in the coordinates of the main page's viewport. */
interface Probe {
  key: string;
  text: string;
  /** The text colour with its alpha (and its ancestors' opacity) in 0..255 / 0..1. */
  fg: [number, number, number, number] | null;
  large: boolean;
  /** The visible part of the text's boxes. */
  rects: Box[];
  /** Boxes of elements painted over part of the text: their pixels are not what is behind it. */
  excluded: Box[];
  /** Where the text starts down the page, to scroll through the page once, top to bottom. */
  top: number;
  /** `visible`: every box is inside the viewport and its scroll containers; `partial`: some of it. */
  seen: 'visible' | 'partial' | 'none' | 'covered' | 'gone';
}

interface Target {
  key: string;
  frame: Frame;
  selector: string;
  /** Where the frame's viewport sits in the page's viewport. */
  offset: { x: number; y: number };
}

/**
 * In the frame: finds each marked element, its own text's boxes (the text axe measured: the
 * element's direct text, or an SVG <text>), the text colour, whether the text is large, and whether
 * it can be seen now: inside the viewport and every clipping ancestor, and not under another element
 * that paints (a dialog's overlay, a sticky bar). `scroll` first scrolls the first one into view,
 * remembering every scroll position it changes so `restoreScroll` can put the page back.
 */
function probeInPage(args: { mark: string; keys: string[]; scroll: boolean }) {
  const { mark, keys, scroll } = args;
  const find = (key: string) => document.querySelector(`[${mark}="${key}"]`);
  const win = window as unknown as { __e2eContrastScroll?: [Element | Window, number, number][] };
  const toRgba = (css: string): [number, number, number, number] | null => {
    // The canvas parses every colour syntax the page can use (color-mix, oklab, color(srgb …)).
    if (!CSS.supports('color', css)) return null;
    const canvas = new OffscreenCanvas(1, 1);
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!, a! / 255];
  };
  const paints = (el: Element): boolean => {
    if (el instanceof SVGElement && !(el instanceof SVGSVGElement)) return false;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
    if (style.backgroundImage !== 'none') return true;
    if (['IMG', 'VIDEO', 'CANVAS', 'IFRAME'].includes(el.tagName)) return true;
    const bg = toRgba(style.backgroundColor);
    return bg !== null && bg[3] > 0.05;
  };
  const textRects = (el: Element): DOMRect[] => {
    if (el instanceof SVGElement) return [el.getBoundingClientRect()];
    const rects: DOMRect[] = [];
    for (const child of Array.from(el.childNodes)) {
      if (child.nodeType !== Node.TEXT_NODE || !(child.textContent ?? '').trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(child);
      rects.push(...Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0));
    }
    // Text drawn by a pseudo-element (a badge's count) has no node: the element's box stands for it.
    return rects.length > 0 ? rects : [el.getBoundingClientRect()];
  };
  /** The part of `rect` the viewport and every clipping ancestor of `el` let through. */
  const visiblePart = (el: Element, rect: DOMRect) => {
    let left = Math.max(rect.left, 0);
    let top = Math.max(rect.top, 0);
    let right = Math.min(rect.right, window.innerWidth);
    let bottom = Math.min(rect.bottom, window.innerHeight);
    for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const box = a.getBoundingClientRect();
      const clipLeft = box.left + a.clientLeft;
      const clipTop = box.top + a.clientTop;
      if (style.overflowX !== 'visible') {
        left = Math.max(left, clipLeft);
        right = Math.min(right, clipLeft + a.clientWidth);
      }
      if (style.overflowY !== 'visible') {
        top = Math.max(top, clipTop);
        bottom = Math.min(bottom, clipTop + a.clientHeight);
      }
    }
    return { x: left, y: top, width: right - left, height: bottom - top };
  };
  /** The boxes of elements that paint over `el` at `x, y` (a sticky bar, a banner, a dialog's overlay). */
  const coverers = (el: Element, x: number, y: number): Element[] => {
    const stack = document.elementsFromPoint(x, y);
    const at = stack.findIndex((e) => e === el || el.contains(e) || e.contains(el));
    return stack.slice(0, at === -1 ? stack.length : at).filter(paints);
  };

  if (scroll) {
    const el = find(keys[0]!);
    if (el) {
      const saved = (win.__e2eContrastScroll ??= []);
      saved.push([window, window.scrollX, window.scrollY]);
      for (let a = el.parentElement; a; a = a.parentElement) saved.push([a, a.scrollLeft, a.scrollTop]);
      el.scrollIntoView({ block: 'center', inline: 'center' });
    }
  }

  return keys.map((key) => {
    const el = find(key);
    const base = { key, text: '', fg: null, large: false, rects: [], excluded: [], top: 0 };
    if (!el) return { ...base, seen: 'gone' as const };
    const style = getComputedStyle(el);
    let alpha = 1;
    for (let a: Element | null = el; a; a = a.parentElement) alpha *= Number(getComputedStyle(a).opacity);
    const fgCss = el instanceof SVGElement ? style.fill : style.webkitTextFillColor || style.color;
    const parsed = toRgba(fgCss);
    const fg = parsed ? ([parsed[0], parsed[1], parsed[2], parsed[3] * alpha] as [number, number, number, number]) : null;
    const size = parseFloat(style.fontSize);
    const bold = Number(style.fontWeight) >= 700;
    const large = size >= 24 || (bold && size >= 18.66);
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    const all = textRects(el);
    const rects = all.map((r) => visiblePart(el, r)).filter((r) => r.width >= 1 && r.height >= 1);
    const whole = all.reduce((sum, r) => sum + r.width * r.height, 0);
    const seenArea = rects.reduce((sum, r) => sum + r.width * r.height, 0);
    // What lies over the text is not behind it: the parts of the text under another element are left
    // out, judged at the centre and near the corners of each box.
    const over = new Set<Element>();
    let open = 0;
    for (const r of rects) {
      const inset = Math.min(2, r.width / 4, r.height / 4);
      const points: [number, number][] = [
        [r.x + r.width / 2, r.y + r.height / 2],
        [r.x + inset, r.y + inset],
        [r.x + r.width - inset, r.y + inset],
        [r.x + inset, r.y + r.height - inset],
        [r.x + r.width - inset, r.y + r.height - inset],
      ];
      for (const [x, y] of points) {
        const above = coverers(el, x, y);
        if (above.length === 0) open += 1;
        for (const e of above) over.add(e);
      }
    }
    const excluded = Array.from(over, (e) => {
      const b = e.getBoundingClientRect();
      // Its shadow lies over the text too: every length in box-shadow added up is more than it reaches.
      const shadow = Array.from(getComputedStyle(e).boxShadow.matchAll(/(-?[\d.]+)px/g)).reduce(
        (sum, m) => sum + Math.abs(Number(m[1])),
        0,
      );
      return { x: b.x - shadow, y: b.y - shadow, width: b.width + 2 * shadow, height: b.height + 2 * shadow };
    });
    const top = (all[0]?.top ?? 0) + window.scrollY;
    const result = { key, text, fg, large, rects, excluded, top };
    if (rects.length === 0) return { ...result, seen: 'none' as const };
    if (open === 0) return { ...result, seen: 'covered' as const };
    return { ...result, seen: seenArea >= whole - 1 ? ('visible' as const) : ('partial' as const) };
  });
}

function restoreScrollInPage() {
  const win = window as unknown as { __e2eContrastScroll?: [Element | Window, number, number][] };
  for (const [target, left, top] of (win.__e2eContrastScroll ?? []).reverse()) target.scrollTo(left, top);
  delete win.__e2eContrastScroll;
}

/**
 * In the page: decodes the screenshot (taken with the measured text hidden) and, for each probe,
 * composes the text colour over every background pixel under its boxes and takes the contrast that
 * 90 % of the text's area reaches (a stray border or focus ring under a corner does not decide it; a
 * photo or gradient behind half the text does).
 */
async function measureInPage(args: { png: string; origin: { x: number; y: number }; probes: Probe[] }) {
  const { png, origin, probes } = args;
  const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(bitmap, 0, 0);
  const image = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = (r: number, g: number, b: number) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  return probes.map((probe) => {
    const [fr, fg, fb, fa] = probe.fg!;
    const ratios: { ratio: number; bg: [number, number, number] }[] = [];
    for (const rect of probe.rects) {
      const x0 = Math.max(0, Math.floor(rect.x - origin.x));
      const y0 = Math.max(0, Math.floor(rect.y - origin.y));
      const x1 = Math.min(image.width, Math.ceil(rect.x + rect.width - origin.x));
      const y1 = Math.min(image.height, Math.ceil(rect.y + rect.height - origin.y));
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const [px, py] = [x + origin.x + 0.5, y + origin.y + 0.5];
          if (probe.excluded.some((e) => px >= e.x && px < e.x + e.width && py >= e.y && py < e.y + e.height)) continue;
          const i = (y * image.width + x) * 4;
          const [br, bg, bb] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
          const text = luminance(fr * fa + br * (1 - fa), fg * fa + bg * (1 - fa), fb * fa + bb * (1 - fa));
          const back = luminance(br, bg, bb);
          const ratio = (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
          ratios.push({ ratio, bg: [br, bg, bb] });
        }
      }
    }
    ratios.sort((a, b) => a.ratio - b.ratio);
    const at = ratios[Math.floor(ratios.length * 0.1)];
    return { key: probe.key, ratio: at?.ratio ?? null, bg: at?.bg ?? null };
  });
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

/** Every pending text's probe, in the main page's viewport. */
async function probeAll(frames: Frame[], pending: Target[]): Promise<Probe[]> {
  const probes: Probe[] = [];
  for (const frame of frames) {
    const here = pending.filter((n) => n.frame === frame);
    if (here.length === 0) continue;
    const found = (await frame.evaluate(probeInPage, { mark: MARK, keys: here.map((n) => n.key), scroll: false })) as Probe[];
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
      if (scrollNext) await pending[0]!.frame.evaluate(probeInPage, { mark: MARK, keys: [pending[0]!.key], scroll: true });
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
