import { ARROWS, COLORS, FONT_FAMILY, type Scene, type SceneItem } from './scene';

/**
 * A scene as a standalone SVG document: the docs script writes it to docs/diagrams/, the screen
 * offers it as a download. Every text and attribute value is escaped (state names, guard names and
 * descriptions come from code, but an SVG file is a document others open).
 */

export function escapeXml(value: string): string {
  return (
    value
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // Control characters are not allowed in XML 1.0 at all.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
  );
}

const num = (n: number) => String(Math.round(n * 10) / 10);

function item(entry: SceneItem): string {
  switch (entry.kind) {
    case 'rect':
      return `<rect x="${num(entry.x)}" y="${num(entry.y)}" width="${num(entry.width)}" height="${num(entry.height)}" rx="${num(entry.rx)}" fill="${escapeXml(entry.fill)}" stroke="${escapeXml(entry.stroke)}" stroke-width="${num(entry.strokeWidth)}"${entry.dash ? ` stroke-dasharray="${escapeXml(entry.dash)}"` : ''}/>`;
    case 'circle':
      return `<circle cx="${num(entry.cx)}" cy="${num(entry.cy)}" r="${num(entry.r)}" fill="${escapeXml(entry.fill)}"/>`;
    case 'path':
      return `<path d="${escapeXml(entry.d)}" fill="none" stroke="${escapeXml(entry.stroke)}" stroke-width="${num(entry.strokeWidth)}"${entry.dash ? ` stroke-dasharray="${escapeXml(entry.dash)}"` : ''} marker-end="url(#${entry.arrow})"/>`;
    case 'text':
      return `<text x="${num(entry.x)}" y="${num(entry.y)}" font-size="${entry.size}" font-weight="${entry.weight}"${entry.italic ? ' font-style="italic"' : ''} fill="${escapeXml(entry.fill)}" xml:space="preserve">${escapeXml(entry.text)}</text>`;
  }
}

export function defsMarkup(): string {
  const markers = Object.entries(ARROWS)
    .map(
      ([id, color]) =>
        `<marker id="${id}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="${color}"/></marker>`,
    )
    .join('');
  const hatch = `<pattern id="hatch-uncovered" patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)"><rect width="8" height="8" fill="${COLORS.hatchBack}"/><line x1="0" y1="0" x2="0" y2="8" stroke="${COLORS.hatchLine}" stroke-width="3"/></pattern>`;
  return `<defs>${markers}${hatch}</defs>`;
}

export function sceneToSvgString(scene: Scene): string {
  const body = scene.items.map(item).join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(scene.width)}" height="${num(scene.height)}" viewBox="0 0 ${num(scene.width)} ${num(scene.height)}" font-family="${escapeXml(FONT_FAMILY)}" role="img">`,
    `<title>${escapeXml(scene.title)}</title>`,
    defsMarkup(),
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    body,
    '</svg>',
    '',
  ].join('\n');
}
