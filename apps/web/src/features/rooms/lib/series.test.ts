import { describe, expect, it } from 'vitest';
import { beyondCap } from './series';

describe('beyondCap', () => {
  it('is empty for a series within the cap and lists the dates past the 100th occurrence', () => {
    expect(beyondCap('2026-11-23', 'weekly', '2027-01-04').left).toEqual([]);
    const r = beyondCap('2026-11-23', 'daily', '2027-03-05');
    expect(r.total).toBe(103);
    expect(r.lastBooked).toBe('2027-03-02');
    expect(r.left).toEqual(['2027-03-03', '2027-03-04', '2027-03-05']);
  });
});
