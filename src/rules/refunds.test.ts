import { describe, expect, it } from 'vitest';
import { pointsToReverse, refundReasonProblem } from './refunds';

describe('refund rules (D305)', () => {
  it('a reason from the list; "other" needs a note; the note is at most 200 characters', () => {
    expect(refundReasonProblem(undefined, undefined)).toBe('REASON_REQUIRED');
    expect(refundReasonProblem('BORED', '')).toBe('REASON_UNKNOWN');
    expect(refundReasonProblem('OTHER', '   ')).toBe('NOTE_REQUIRED');
    expect(refundReasonProblem('OTHER', 'khách đổi ý')).toBeNull();
    expect(refundReasonProblem('QUALITY', undefined)).toBeNull();
    expect(refundReasonProblem('QUALITY', 'ư'.repeat(200))).toBeNull();
    expect(refundReasonProblem('QUALITY', 'ư'.repeat(201))).toBe('NOTE_TOO_LONG');
    expect(refundReasonProblem('QUALITY', 42)).toBe('NOTE_TOO_LONG');
  });

  it('points taken back in parts add up to the points a whole refund takes back', () => {
    // 10 points on 30,000 đồng, refunded in three parts of 10,000.
    const parts = [
      pointsToReverse(10, 30_000, 0, 10_000),
      pointsToReverse(10, 30_000, 10_000, 10_000),
      pointsToReverse(10, 30_000, 20_000, 10_000),
    ];
    expect(parts).toEqual([3, 3, 4]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(pointsToReverse(10, 30_000, 0, 30_000));
    expect(pointsToReverse(0, 30_000, 0, 30_000)).toBe(0);
    expect(pointsToReverse(10, 30_000, 30_000, 5_000)).toBe(0);
  });
});
