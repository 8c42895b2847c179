import type { GalleryTemplate } from '../../../machines/einvoice/template/rules';

/**
 * A drawn sketch of an invoice layout for the gallery (doc 2 §2 "static template gallery"): the title,
 * seller and buyer blocks, the lines table and the totals, in the template's accent and layout.
 * Decorative: the card's text names the template.
 */
export function TemplatePreview({ template, title }: { template: GalleryTemplate; title: string }) {
  const { accent, layout } = template;
  const lines = layout === 'compact' ? 4 : 6;
  const tableTop = layout === 'banded' ? 118 : 108;
  return (
    <svg
      viewBox="0 0 210 297"
      width="100%"
      role="presentation"
      aria-hidden="true"
      focusable="false"
      style={{ display: 'block', background: '#fff' }}
    >
      <rect x="0.5" y="0.5" width="209" height="296" fill="#fff" stroke="#c9ced6" />
      {layout === 'banded' ? <rect x="0" y="0" width="210" height="34" fill={accent} /> : null}
      {layout === 'classic' ? <rect x="10" y="10" width="190" height="277" fill="none" stroke={accent} strokeWidth="1.5" /> : null}
      <rect x="16" y="12" width="26" height="16" rx="2" fill={layout === 'banded' ? '#fff' : accent} opacity="0.9" />
      <text
        x="105"
        y={layout === 'banded' ? 24 : 48}
        textAnchor="middle"
        fontFamily="sans-serif"
        fontSize="10"
        fontWeight="700"
        fill={layout === 'banded' ? '#fff' : accent}
      >
        {title.length > 34 ? `${title.slice(0, 33)}…` : title}
      </text>
      {[58, 66, 74].map((y) => (
        <rect key={`s${y}`} x="18" y={y} width={y === 58 ? 90 : 120} height="4" rx="1" fill="#b8bec8" />
      ))}
      {[84, 92, 100].map((y) => (
        <rect key={`b${y}`} x="18" y={y} width={y === 84 ? 70 : 110} height="4" rx="1" fill="#d3d7de" />
      ))}
      <rect x="16" y={tableTop} width="178" height="10" fill={accent} opacity="0.85" />
      {Array.from({ length: lines }, (_, i) => (
        <g key={i}>
          <rect
            x="16"
            y={tableTop + 12 + i * 12}
            width="178"
            height="10"
            fill={i % 2 ? '#f3f4f7' : '#fff'}
            stroke="#e3e6eb"
            strokeWidth="0.5"
          />
          <rect x="20" y={tableTop + 15 + i * 12} width={60 + ((i * 23) % 50)} height="4" rx="1" fill="#c4c9d1" />
          <rect x="160" y={tableTop + 15 + i * 12} width="28" height="4" rx="1" fill="#c4c9d1" />
        </g>
      ))}
      <rect x="120" y={tableTop + 20 + lines * 12} width="74" height="5" rx="1" fill="#9aa1ad" />
      <rect x="120" y={tableTop + 30 + lines * 12} width="74" height="7" rx="1" fill={accent} />
      <rect x="18" y="262" width="50" height="4" rx="1" fill="#b8bec8" />
      <rect x="140" y="262" width="50" height="4" rx="1" fill="#b8bec8" />
    </svg>
  );
}
