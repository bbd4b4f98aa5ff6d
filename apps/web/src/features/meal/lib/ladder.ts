/**
 * The ladder picture, derived from h (README, "Meal manager"): n columns (participants by user id), ROWS rows; the bit
 * stream is h's 32 bytes, most significant bit first, read cyclically; position (row r, gap g) uses bit r·(n−1)+g and
 * has a rung when that bit is 1 and the gap to its left in the same row has none. Following the rungs from the top of
 * column i ends at the bottom of column end[i]; the '당첨' marks sit under end[payer], so the picture and the result
 * agree, and anyone can redraw the same ladder from h.
 */
export const LADDER_ROWS = 10;

export type TLadder = { n: number; rows: number; rungs: boolean[][]; end: number[] };

export function ladderFromH(h: string, n: number, rows = LADDER_ROWS): TLadder {
  const bytes = (h.match(/../g) ?? []).map((b) => Number.parseInt(b, 16));
  const bits = bytes.length * 8;
  const bit = (i: number) => (bits === 0 ? 0 : (bytes[(i % bits) >> 3]! >> (7 - ((i % bits) & 7))) & 1);
  const rungs: boolean[][] = [];
  for (let r = 0; r < rows; r++) {
    const row: boolean[] = [];
    for (let g = 0; g < n - 1; g++) row.push(bit(r * (n - 1) + g) === 1 && !row[g - 1]);
    rungs.push(row);
  }
  const end = Array.from({ length: n }, (_, start) => {
    let col = start;
    for (let r = 0; r < rows; r++) {
      if (rungs[r]![col]) col += 1;
      else if (col > 0 && rungs[r]![col - 1]) col -= 1;
    }
    return col;
  });
  return { n, rows, rungs, end };
}

/** The path of column `start` as SVG points (x in column units, y in row units), for the animated trace. */
export function ladderPath(l: TLadder, start: number): { x: number; y: number }[] {
  const pts = [{ x: start, y: 0 }];
  let col = start;
  for (let r = 0; r < l.rows; r++) {
    const y = r + 0.5;
    pts.push({ x: col, y });
    if (l.rungs[r]![col]) col += 1;
    else if (col > 0 && l.rungs[r]![col - 1]) col -= 1;
    pts.push({ x: col, y });
  }
  pts.push({ x: col, y: l.rows });
  return pts;
}
