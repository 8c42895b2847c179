import jpeg from 'jpeg-js';

/**
 * The customer display's stock images (GET /ui_custom/default_image), drawn here rather than shipped
 * or downloaded: soft two-colour gradients with a round motif, 1507×776 scaled down to 754×388 (the
 * recommended ratio at half size keeps each file well under the 700 KB limit). Made once per process.
 */

export const DEFAULT_IMAGE_GROUPS = { order: ['order-1', 'order-2', 'order-3'], success: ['success-1', 'success-2'] } as const;
export type DefaultImageName = (typeof DEFAULT_IMAGE_GROUPS)[keyof typeof DEFAULT_IMAGE_GROUPS][number];
export const DEFAULT_IMAGE_NAMES: readonly DefaultImageName[] = [...DEFAULT_IMAGE_GROUPS.order, ...DEFAULT_IMAGE_GROUPS.success];

export const defaultImagePath = (name: DefaultImageName) => `/api/checkout/ui_custom/default_image/${name}.jpg`;
export const DEFAULT_IMAGE_PATH = /^\/api\/checkout\/ui_custom\/default_image\/([a-z]+-\d)\.jpg$/;

const HUES: Record<DefaultImageName, [number, number]> = {
  'order-1': [24, 44],
  'order-2': [200, 170],
  'order-3': [330, 290],
  'success-1': [140, 100],
  'success-2': [50, 20],
};

function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

const drawn = new Map<DefaultImageName, Uint8Array>();

export function defaultImage(name: DefaultImageName): Uint8Array {
  let bytes = drawn.get(name);
  if (!bytes) {
    const width = 754;
    const height = 388;
    const [h1, h2] = HUES[name];
    const from = hsl(h1, 0.7, 0.55);
    const to = hsl(h2, 0.7, 0.35);
    const rgba = new Uint8Array(width * height * 4);
    const cx = width * 0.72;
    const cy = height * 0.5;
    const r = height * 0.32;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const t = (x / width + y / height) / 2;
        const inside = (x - cx) ** 2 + (y - cy) ** 2 < r * r;
        const i = (y * width + x) * 4;
        for (let c = 0; c < 3; c += 1) {
          const v = from[c]! + (to[c]! - from[c]!) * t;
          rgba[i + c] = inside ? Math.min(255, v + 60) : v;
        }
        rgba[i + 3] = 255;
      }
    }
    bytes = new Uint8Array(jpeg.encode({ width, height, data: rgba }, 80).data);
    drawn.set(name, bytes);
  }
  return bytes;
}
