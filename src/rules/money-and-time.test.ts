import { describe, expect, it } from 'vitest';
import { EMOJI, LONG, SCRIPT } from './hostile';
import { percentChange, sharePercent } from './percentChange';
import { statusColour } from './transactionStatus';
import { formatVnd, formatVndNumber } from './vnd';
import { formatVnDate, formatVnDateTime, parseVnDate, vnWallClock } from './vnTime';

const NBSP = '\u00A0';

describe('formatVnd (Intl vi-VN)', () => {
  it('writes dot thousands and the đồng sign after a no-break space', () => {
    expect(formatVnd(150000)).toBe(`150.000${NBSP}₫`);
    expect(formatVnd(0)).toBe(`0${NBSP}₫`);
    expect(formatVnd(1234567890)).toBe(`1.234.567.890${NBSP}₫`);
    expect(formatVnd(-25000)).toBe(`-25.000${NBSP}₫`);
    expect(formatVnd(999.6)).toBe(`1.000${NBSP}₫`);
    expect(formatVndNumber(150000)).toBe('150.000');
  });
  it('shows zero for anything that is not a finite number', () => {
    for (const bad of [NaN, Infinity, -Infinity, '150000', null, undefined, {}, SCRIPT]) expect(formatVnd(bad)).toBe(`0${NBSP}₫`);
  });
});

describe('percentChange and sharePercent (core §2)', () => {
  it('is 100 when the previous value is 0', () => {
    expect(percentChange(5, 0)).toBe(100);
    expect(percentChange(0, 0)).toBe(100);
  });
  it('rounds to two decimals, negative when falling', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(1, 3)).toBe(-66.67);
    expect(percentChange(100, 100)).toBe(0);
    expect(Object.is(percentChange(100, 100), -0)).toBe(false);
    expect(percentChange(-50, -100)).toBe(50);
  });
  it('counts hostile values as zero', () => {
    expect(percentChange(NaN, 100)).toBe(-100);
    expect(percentChange('5', 0)).toBe(100);
    expect(percentChange(5, Infinity)).toBe(100);
  });
  it('shares with two decimals; zero total gives zero', () => {
    expect(sharePercent(1, 3)).toBe(33.33);
    expect(sharePercent(2, 3)).toBe(66.67);
    expect(sharePercent(5, 0)).toBe(0);
    expect(sharePercent(-1, 10)).toBe(0);
    expect(sharePercent(NaN, 10)).toBe(0);
  });
});

describe('Vietnam time (core §9: the 7-hour shift)', () => {
  it('shifts numeric dates by 25,200,000 ms and formats with UTC getters', () => {
    expect(vnWallClock(0)).toBe(25_200_000);
    expect(formatVnDateTime(Date.UTC(2026, 10, 21, 17, 0, 5))).toBe('22/11/2026 00:00:05');
    expect(formatVnDate(Date.UTC(2026, 10, 21, 16, 59, 59))).toBe('21/11/2026');
  });
  it('reads ISO instants with an offset, and offset-less times as Vietnam wall time', () => {
    expect(formatVnDateTime('2026-11-22T09:15:03+07:00')).toBe('22/11/2026 09:15:03');
    expect(formatVnDateTime('2026-11-22T02:15:03Z')).toBe('22/11/2026 09:15:03');
    expect(formatVnDateTime('2026-11-22T09:15:03')).toBe('22/11/2026 09:15:03');
    expect(formatVnDateTime('2026-11-22 09:15')).toBe('22/11/2026 09:15:00');
  });
  it('gives empty text for hostile values', () => {
    for (const bad of [NaN, Infinity, '', LONG, SCRIPT, EMOJI, 'yesterday', null, undefined, {}, [], '2026-11-22T09:15:03+07:00<script>']) {
      expect(formatVnDateTime(bad)).toBe('');
    }
    expect(parseVnDate('2026-02-29')).toBeNull();
    expect(parseVnDate('2028-02-29')).toBe(Date.UTC(2028, 1, 28, 17));
  });
});

describe('statusColour (core §4)', () => {
  it('turquoise for waiting, blue for paid, red for the rest', () => {
    expect(statusColour('pending')).toBe('turquoise');
    expect(statusColour('WAITING_FOR_PAID')).toBe('turquoise');
    expect(statusColour('success')).toBe('blue');
    expect(statusColour('PAID')).toBe('blue');
    for (const s of ['fail', 'error', 'processing', 'dispute_in_progress', 'holding', 'cancelled', 'settled', 'unsettled', '', SCRIPT]) {
      expect(statusColour(s)).toBe('red');
    }
  });
});
