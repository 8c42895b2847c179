/**
 * The parts of the contrast guard (support/contrast.ts) that run inside the page: each is handed to
 * `evaluate`, which sends the function's own text, so none may use anything outside its body.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One text node set to measure, in the coordinates of the main page's viewport. */
export interface Probe {
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

/** The measuring helpers `probeInPage` uses, put on the frame's window by `installProbeHelpers`. */
export interface ProbeHelpers {
  toRgba(css: string): [number, number, number, number] | null;
  paints(el: Element): boolean;
  textRects(el: Element): DOMRect[];
  visiblePart(el: Element, rect: DOMRect): Box;
  coverers(el: Element, x: number, y: number): Element[];
}

/** In the frame: defines the helpers once per document (a page function carries no closure). */
export function installProbeHelpers() {
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
  const helpers: ProbeHelpers = { toRgba, paints, textRects, visiblePart, coverers };
  (window as unknown as { __e2eContrastHelpers?: ProbeHelpers }).__e2eContrastHelpers = helpers;
}

/**
 * In the frame: finds each marked element, its own text's boxes (the text axe measured: the
 * element's direct text, or an SVG <text>), the text colour, whether the text is large, and whether
 * it can be seen now: inside the viewport and every clipping ancestor, and not under another element
 * that paints (a dialog's overlay, a sticky bar). `scroll` first scrolls the first one into view,
 * remembering every scroll position it changes so `restoreScroll` can put the page back.
 * Needs `installProbeHelpers` in the same document first.
 */
export function probeInPage(args: { mark: string; keys: string[]; scroll: boolean }) {
  const { mark, keys, scroll } = args;
  const find = (key: string) => document.querySelector(`[${mark}="${key}"]`);
  const win = window as unknown as {
    __e2eContrastScroll?: [Element | Window, number, number][];
    __e2eContrastHelpers: ProbeHelpers;
  };
  const { toRgba, textRects, visiblePart, coverers } = win.__e2eContrastHelpers;

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

export function restoreScrollInPage() {
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
export async function measureInPage(args: { png: string; origin: { x: number; y: number }; probes: Probe[] }) {
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
