/**
 * The ledger's arithmetic, in whole won: who bears what for a round, who owes whom, balances and settle-up.
 * Remainders are spread deterministically: the first `r` people in user-id order pay one won more.
 */
export type TShare = { userId: string; amount: number };
export type TEdge = { from: string; to: string; amount: number };

/** `total` split as evenly as possible over `userIds` (already in user-id order); sums to `total` exactly. */
export function splitEvenly(total: number, userIds: string[]): TShare[] {
  if (userIds.length === 0) return [];
  const base = Math.floor(total / userIds.length);
  const rest = total - base * userIds.length;
  return userIds.map((userId, i) => ({ userId, amount: base + (i < rest ? 1 : 0) }));
}

/** One row per participant who owes the payer: the ledger's charges for a round. */
export function chargesFor(shares: TShare[], paidBy: string): TEdge[] {
  return shares.filter((s) => s.userId !== paidBy && s.amount > 0).map((s) => ({ from: s.userId, to: paidBy, amount: s.amount }));
}

/** Balance per person: + what others owe them, − what they owe. Charges and settlements alike (a settlement pays a debt). */
export function balancesOf(edges: TEdge[]): Map<string, number> {
  const b = new Map<string, number>();
  for (const e of edges) {
    b.set(e.from, (b.get(e.from) ?? 0) - e.amount);
    b.set(e.to, (b.get(e.to) ?? 0) + e.amount);
  }
  return b;
}

/**
 * Settle-up: repeatedly the largest debtor pays the largest creditor as much as clears one of them (greedy). At most
 * n − 1 transfers; finding the true minimum is NP-hard in general, the greedy answer is usually the minimum for
 * teams of this size. Ties broken by user id so the suggestion is stable.
 */
export function settleUp(balances: Map<string, number>): TEdge[] {
  const credit = [...balances].filter(([, v]) => v > 0).map(([id, v]) => ({ id, v }));
  const debt = [...balances].filter(([, v]) => v < 0).map(([id, v]) => ({ id, v: -v }));
  const order = (a: { id: string; v: number }, b: { id: string; v: number }) => b.v - a.v || (a.id < b.id ? -1 : 1);
  const out: TEdge[] = [];
  for (;;) {
    credit.sort(order);
    debt.sort(order);
    const c = credit[0];
    const d = debt[0];
    if (!c || !d || c.v === 0 || d.v === 0) break;
    const amount = Math.min(c.v, d.v);
    out.push({ from: d.id, to: c.id, amount });
    c.v -= amount;
    d.v -= amount;
    if (c.v === 0) credit.shift();
    if (d.v === 0) debt.shift();
  }
  return out;
}
