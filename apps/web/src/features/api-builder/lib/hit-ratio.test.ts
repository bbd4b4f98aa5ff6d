import { describe, expect, it } from 'vitest';
import { lowHitRatio } from './hit-ratio';

describe('low hit ratio hint', () => {
  it('speaks only after enough reads, and only when under a tenth are hits', () => {
    expect(lowHitRatio(0, 50)).toBe(false);
    expect(lowHitRatio(5, 500)).toBe(true);
    expect(lowHitRatio(19, 181)).toBe(true);
    expect(lowHitRatio(20, 180)).toBe(false);
    expect(lowHitRatio(900, 100)).toBe(false);
  });
});
