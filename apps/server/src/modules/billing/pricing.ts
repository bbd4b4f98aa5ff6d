/**
 * Pricing (issue 31, decision 059): Asia/Seoul months and periods, what a plan change is, an upgrade's proration, a
 * period invoice's lines and the overview's projection. Pure functions; every amount goes through billing-money.ts.
 */
import { ko } from '@suite/shared';
import { overageOf, prorate } from '@suite/shared/billing-money';
import { METERS, planPrice, type TBillingInterval, type TMeter, type TPlan } from '@suite/shared/plans';
import type { TInvoiceLine } from '@suite/shared/schemas/billing';
import { periodOf } from '../../lib/metering/meter.ts';

const KST_OFFSET_MS = 9 * 3_600_000;
const t = ko.billing;

/** The start (00:00 KST, as an instant) of the Asia/Seoul month `months` after the one `at` falls in. */
export function kstMonthStart(at: Date, months = 0): Date {
  const k = new Date(at.getTime() + KST_OFFSET_MS);
  return new Date(Date.UTC(k.getUTCFullYear(), k.getUTCMonth() + months, 1) - KST_OFFSET_MS);
}

/** The usage period (billing_usage.period) of an instant: its Asia/Seoul month, 'YYYY-MM' (the metering's rule). */
export const usagePeriod = periodOf;

/** '2026년 11월' for '2026-11'. */
export function periodLabel(period: string): string {
  return t.server.lines.month(Number(period.slice(0, 4)), Number(period.slice(5, 7)));
}

export const monthsOf = (interval: TBillingInterval) => (interval === 'year' ? 12 : 1);

/** A period as the catalogue prices it: a whole KST month, or twelve months from a month's start. */
export type TSpan = { start: Date; end: Date };

/** The full period an upgrade at `now` starts: from the current KST month's start, one or twelve months. */
export function fullSpanAt(now: Date, interval: TBillingInterval): TSpan {
  return { start: kstMonthStart(now), end: kstMonthStart(now, monthsOf(interval)) };
}

/** The full period a stored period ending at `end` (always a KST month's start) is a part of. */
export function fullSpanEnding(end: Date, interval: TBillingInterval): TSpan {
  return { start: kstMonthStart(end, -monthsOf(interval)), end };
}

export type TPlanChoice = { plan: TPlan; interval: TBillingInterval };

/**
 * What moving from one plan to another is: an upgrade (a higher rank, or month → year on the same or a higher plan)
 * takes effect at once; a downgrade (a lower rank, year → month, or free) waits for the period's end.
 */
export function changeKind(from: TPlanChoice, to: TPlanChoice): 'none' | 'upgrade' | 'downgrade' {
  if (from.plan.id === to.plan.id && from.interval === to.interval) return 'none';
  if (to.plan.rank < from.plan.rank) return 'downgrade';
  if (from.interval === 'year' && to.interval === 'month') return 'downgrade';
  return 'upgrade';
}

const lineName = (c: TPlanChoice) => [t.plans[c.plan.id].name, t.intervals[c.interval]] as const;

/**
 * An upgrade at `now`: the new plan for the rest of its new period, less the unused part of the old paid period.
 * Each part is prorate(price, remaining, full period length), rounded down; the VAT goes on the total.
 */
export function prorationLines(from: TPlanChoice & { periodEnd: Date }, to: TPlanChoice, now: Date): TInvoiceLine[] {
  const span = fullSpanAt(now, to.interval);
  const charge = prorate(planPrice(to.plan, to.interval), span.end.getTime() - now.getTime(), span.end.getTime() - span.start.getTime());
  const old = fullSpanEnding(from.periodEnd, from.interval);
  const credit = prorate(planPrice(from.plan, from.interval), from.periodEnd.getTime() - now.getTime(), old.end.getTime() - old.start.getTime());
  const lines: TInvoiceLine[] = [
    { kind: 'proration', meter: null, description: t.server.lines.proration(...lineName(to)), quantity: 1, unitPrice: charge, amount: charge },
  ];
  if (credit > 0)
    lines.push({ kind: 'credit', meter: null, description: t.server.lines.credit(...lineName(from)), quantity: 1, unitPrice: -credit, amount: -credit });
  return lines;
}

/** A period's plan fee, in advance (none for free). */
export function planLine(choice: TPlanChoice): TInvoiceLine[] {
  const price = planPrice(choice.plan, choice.interval);
  return price > 0 ? [{ kind: 'plan', meter: null, description: t.server.lines.plan(...lineName(choice)), quantity: 1, unitPrice: price, amount: price }] : [];
}

export type TUsage = Partial<Record<TMeter, number>>;

/** The overage of an ended month (`period`) under `plan`: one line per meter above its included volume. */
export function overageLines(plan: TPlan, period: string, usage: TUsage): TInvoiceLine[] {
  const lines: TInvoiceLine[] = [];
  for (const m of plan.meters) {
    const { units, amount } = overageOf(usage[m.meter] ?? 0, m.included, m.overage);
    if (amount <= 0 || !m.overage) continue;
    const meter = t.meters[m.meter];
    const description = t.server.lines.overage(periodLabel(period), meter.name, m.overage.per.toLocaleString('ko-KR'), meter.unit);
    lines.push({ kind: 'overage', meter: m.meter, description, quantity: units, unitPrice: m.overage.price, amount });
  }
  return lines;
}

export const supplyOf = (lines: TInvoiceLine[]) => lines.reduce((sum, l) => sum + l.amount, 0);

/**
 * The current month's usage against the plan: `projected` is the straight line to the month's end for count and sum
 * meters (used × month length ÷ elapsed, rounded down), `used` for max meters; `overage` is the overage amount (원,
 * 공급가액) of the projected figure.
 */
export function projectUsage(plan: TPlan, usage: TUsage, now: Date) {
  const start = kstMonthStart(now).getTime();
  const length = BigInt(kstMonthStart(now, 1).getTime() - start);
  const elapsed = BigInt(Math.max(0, now.getTime() - start));
  return plan.meters.map((m) => {
    const used = usage[m.meter] ?? 0;
    const projected = METERS[m.meter].aggregation === 'max' || elapsed === 0n ? used : Number((BigInt(used) * length) / elapsed);
    return { meter: m.meter, used, included: m.included, projected, overage: overageOf(projected, m.included, m.overage).amount };
  });
}
