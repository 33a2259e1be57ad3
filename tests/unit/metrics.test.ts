// The days and the chart axis of tool performance metrics (docs/decisions/0054-tool-metrics.md).
import { describe, expect, it } from 'vitest';
import { axisTop, lastDays, utcDay } from '../../lib/metrics';

describe('utcDay and lastDays', () => {
  it('name the UTC day, whatever the time of day', () => {
    expect(utcDay(new Date('2031-03-10T23:59:59.999Z'))).toBe('2031-03-10');
    expect(utcDay(new Date('2031-03-11T00:00:00Z'))).toBe('2031-03-11');
  });

  it('list the range ending today, oldest first, across month and leap days', () => {
    expect(lastDays(3, new Date('2032-03-01T08:00:00Z'))).toEqual(['2032-02-28', '2032-02-29', '2032-03-01']);
    const quarter = lastDays(90, new Date('2031-06-30T12:00:00Z'));
    expect(quarter).toHaveLength(90);
    expect([quarter[0], quarter[89]]).toEqual(['2031-04-02', '2031-06-30']);
    expect(new Set(quarter).size).toBe(90);
  });
});

describe('axisTop', () => {
  it('rounds up to 1, 2 or 5 times a power of ten, and is at least 4', () => {
    expect([0, 1, 4, 5, 9, 10, 11, 20, 21, 499, 501, 1000].map(axisTop)).toEqual([
      4, 4, 4, 5, 10, 10, 20, 20, 50, 500, 1000, 1000,
    ]);
  });
});
