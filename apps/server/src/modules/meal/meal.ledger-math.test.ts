import { describe, expect, it } from 'vitest';
import { balancesOf, chargesFor, settleUp, splitEvenly, type TEdge } from './meal.ledger-math.ts';
import { mulberry32 } from '../../test/mulberry32.ts';

describe('ledger arithmetic (property test over random rounds)', () => {
  it('splitEvenly always sums to the total and differs by at most one won', () => {
    const r = mulberry32(7);
    for (let i = 0; i < 2000; i++) {
      const n = 1 + Math.floor(r() * 12);
      const total = Math.floor(r() * 500_000);
      const ids = Array.from({ length: n }, (_, k) => `u${k}`);
      const shares = splitEvenly(total, ids);
      expect(shares.reduce((s, x) => s + x.amount, 0)).toBe(total);
      const amounts = shares.map((s) => s.amount);
      expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
    }
  });

  it('over many random rounds and settlements, balances sum to zero and the suggested transfers clear them', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const r = mulberry32(seed);
      const people = Array.from({ length: 2 + Math.floor(r() * 9) }, (_, k) => `user-${String(k).padStart(2, '0')}`);
      const edges: TEdge[] = [];
      const rounds = 1 + Math.floor(r() * 25);
      for (let k = 0; k < rounds; k++) {
        const joined = people.filter(() => r() < 0.7);
        if (joined.length === 0) continue;
        const paidBy = people[Math.floor(r() * people.length)]!;
        const prices = joined.map(() => Math.floor(r() * 20_000));
        const total = prices.reduce((s, x) => s + x, 0);
        const shares = r() < 0.5 ? splitEvenly(total, joined) : joined.map((userId, i) => ({ userId, amount: prices[i]! }));
        edges.push(...chargesFor(shares, paidBy));
        // Now and then somebody pays somebody back part of it (a settlement counts as the reverse debt).
        if (r() < 0.3) {
          const a = people[Math.floor(r() * people.length)]!;
          const b = people[Math.floor(r() * people.length)]!;
          if (a !== b) edges.push({ from: b, to: a, amount: 1 + Math.floor(r() * 5000) });
        }
      }
      const balances = balancesOf(edges);
      expect(
        [...balances.values()].reduce((s, x) => s + x, 0),
        `seed ${seed}`,
      ).toBe(0);
      const transfers = settleUp(balances);
      const nonZero = [...balances.values()].filter((x) => x !== 0).length;
      expect(transfers.length, `seed ${seed}`).toBeLessThanOrEqual(Math.max(0, nonZero - 1));
      for (const t of transfers) expect(t.amount).toBeGreaterThan(0);
      // Paying every suggested transfer (payer's balance up, receiver's down) leaves everyone at zero.
      const after = new Map(balances);
      for (const t of transfers) {
        after.set(t.from, after.get(t.from)! + t.amount);
        after.set(t.to, after.get(t.to)! - t.amount);
      }
      expect(
        [...after.values()].every((x) => x === 0),
        `seed ${seed}`,
      ).toBe(true);
    }
  });
});
