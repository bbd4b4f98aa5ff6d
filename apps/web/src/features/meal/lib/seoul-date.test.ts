import { describe, expect, it } from 'vitest';
import { deadlineBeside } from './seoul-date';

describe('deadlineBeside', () => {
  it('gives only the Seoul time when the deadline is on the round date, so the date is not shown twice', () => {
    expect(deadlineBeside('2026-11-27', '2026-11-27T02:30:00Z')).toBe('11:30');
  });
  it('keeps the date when the deadline falls on another Seoul day', () => {
    expect(deadlineBeside('2026-11-28', '2026-11-27T02:30:00Z')).toMatch(/11\. 27\./);
  });
});
