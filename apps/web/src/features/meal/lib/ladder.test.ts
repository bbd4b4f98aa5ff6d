import { describe, expect, it } from 'vitest';
import { ladderFromH, ladderPath } from './ladder';

const H = 'ff00a5c3' + '0f'.repeat(28);

describe('ladder from h', () => {
  it('is a permutation, the same for the same h, and paths end where end[] says', () => {
    for (let n = 1; n <= 12; n++) {
      const l = ladderFromH(H, n);
      expect([...l.end].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
      expect(ladderFromH(H, n)).toEqual(l);
      for (let i = 0; i < n; i++) expect(ladderPath(l, i).at(-1)!.x).toBe(l.end[i]);
      for (const row of l.rungs) for (let g = 1; g < row.length; g++) expect(row[g] && row[g - 1]).toBeFalsy();
    }
  });

  it('reads the bits of h most significant first', () => {
    // 0xff → first row of a 9-column ladder: gaps 0..7 all bits 1, adjacent rungs dropped → 1,0,1,0,...
    expect(ladderFromH(H, 9).rungs[0]).toEqual([true, false, true, false, true, false, true, false]);
  });
});
