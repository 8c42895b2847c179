export interface DonutSegment {
  value: number;
  /** A CSS colour (a Mantine variable). */
  color: string;
}

export interface DonutProps {
  segments: readonly DonutSegment[];
  /** Width and height in px. */
  size: number;
  /** Ring thickness in px. */
  thickness: number;
  /** White gap between segments in px. */
  gap?: number;
  /** Text in the hole (the total). */
  label?: string;
}

/**
 * The dashboard's ring of shares, drawn as one SVG circle per segment (stroke-dasharray). It replaces
 * a charting library of about 100 KB gzipped that drew the same three arcs (D85). Decorative:
 * the legend beside it carries the figures as text, so the caller hides it from assistive technology.
 */
export function Donut({ segments, size, thickness, gap = 2, label }: DonutProps) {
  const radius = (size - thickness) / 2;
  const circumference = 2 * Math.PI * radius;
  const total = segments.reduce((sum, s) => sum + Math.max(0, s.value), 0);
  const drawn = segments.filter((s) => s.value > 0);
  const gapLength = drawn.length > 1 ? gap : 0;
  let offset = 0;
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="presentation" data-testid="donut">
      {/* Start at 12 o'clock and go clockwise, as the charting library did. */}
      <g transform={`rotate(-90 ${size / 2} ${size / 2})`}>
        {total > 0 &&
          drawn.map((segment, index) => {
            const length = (segment.value / total) * circumference;
            const visible = Math.max(0, length - gapLength);
            const circle = (
              <circle
                key={index}
                cx={size / 2}
                cy={size / 2}
                r={radius}
                fill="none"
                stroke={segment.color}
                strokeWidth={thickness}
                strokeDasharray={`${visible} ${circumference - visible}`}
                strokeDashoffset={-offset}
                data-share={(segment.value / total).toFixed(4)}
              />
            );
            offset += length;
            return circle;
          })}
      </g>
      {label === undefined ? null : (
        <text x="50%" y="50%" textAnchor="middle" dominantBaseline="central" fontSize={14} fontWeight={700} fill="currentColor">
          {label}
        </text>
      )}
    </svg>
  );
}
