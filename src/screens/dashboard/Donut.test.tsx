import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Donut } from './Donut';

const arcs = (container: HTMLElement) => [...container.querySelectorAll('circle')];

describe('Donut', () => {
  it('core §2 dashboard: one arc per non-empty share, in proportion, the total in the hole', () => {
    const { container, getByText } = render(
      <Donut
        size={160}
        thickness={28}
        gap={0}
        label="4.000.000 ₫"
        segments={[
          { value: 3, color: 'blue' },
          { value: 0, color: 'teal' },
          { value: 1, color: 'orange' },
        ]}
      />,
    );
    const circles = arcs(container);
    expect(circles.map((c) => c.getAttribute('stroke'))).toEqual(['blue', 'orange']);
    expect(circles.map((c) => c.getAttribute('data-share'))).toEqual(['0.7500', '0.2500']);
    const circumference = 2 * Math.PI * 66;
    const [first, second] = circles.map((c) => Number(c.getAttribute('stroke-dasharray')!.split(' ')[0]));
    expect(first).toBeCloseTo(circumference * 0.75, 3);
    expect(second).toBeCloseTo(circumference * 0.25, 3);
    // The second arc starts where the first ends.
    expect(Number(circles[1]!.getAttribute('stroke-dashoffset'))).toBeCloseTo(-circumference * 0.75, 3);
    expect(getByText('4.000.000 ₫')).toBeTruthy();
  });

  it('leaves a gap between arcs, none around a single one, and draws nothing for all zeros', () => {
    const two = render(
      <Donut
        size={100}
        thickness={10}
        gap={2}
        segments={[
          { value: 1, color: 'a' },
          { value: 1, color: 'b' },
        ]}
      />,
    );
    const half = Math.PI * 45;
    expect(Number(arcs(two.container)[0]!.getAttribute('stroke-dasharray')!.split(' ')[0])).toBeCloseTo(half - 2, 3);
    const one = render(<Donut size={100} thickness={10} gap={2} segments={[{ value: 5, color: 'a' }]} />);
    expect(Number(arcs(one.container)[0]!.getAttribute('stroke-dasharray')!.split(' ')[0])).toBeCloseTo(2 * half, 3);
    const none = render(<Donut size={100} thickness={10} segments={[{ value: 0, color: 'a' }]} />);
    expect(arcs(none.container)).toHaveLength(0);
  });
});
