/** Page numbers to show: first, last, current ± 1, with 'ellipsis' where pages are skipped. */
export function pageItems(current: number, total: number): (number | 'ellipsis')[] {
  if (total <= 1) return [1];
  const keep = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...keep].sort((a, b) => a - b);
  const out: (number | 'ellipsis')[] = [];
  for (const p of sorted) {
    const prev = out[out.length - 1];
    if (typeof prev === 'number' && p - prev > 1) out.push('ellipsis');
    out.push(p);
  }
  return out;
}
