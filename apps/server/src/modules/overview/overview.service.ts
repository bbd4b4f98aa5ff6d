/**
 * Console figures, all from the database. Calendar months and days are Asia/Seoul's; "users" of a service are the
 * distinct signed-in users with at least one call in the last 30 days (today included). Revenue is the 공급가액 of
 * the invoices paid in the month (billing's `paidRevenue`); a service's revenue is what its own meter earned (overage
 * lines), plan fees are not split between services. Growth: this month's calls against last month's, in %, null when last month had none.
 */
import {
  SERVICES,
  type TAnalyticsResponse,
  type TConsoleSummaryResponse,
  type TOverviewResponse,
  type TServicesResponse,
  type TUsageServiceId,
} from '@suite/shared/schemas/admin';
import { ko } from '@suite/shared';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { kstDay } from '../../lib/kst-day.ts';
import * as repo from './overview.repository.ts';
import { paidRevenue } from '../billing/revenue.service.ts';

const DAY_MS = 86_400_000;

/** Calendar anchors in Asia/Seoul for an instant. */
export function kstCalendar(now: Date) {
  const today = kstDay(now);
  const [y, m] = today.split('-').map(Number) as [number, number];
  const monthStartDay = `${today.slice(0, 8)}01`;
  const prev = m === 1 ? [y - 1, 12] : [y, m - 1];
  const lastMonthStartDay = `${prev[0]}-${String(prev[1]).padStart(2, '0')}-01`;
  const kstMidnight = (day: string) => new Date(`${day}T00:00:00+09:00`);
  return {
    today,
    monthStartDay,
    lastMonthStartDay,
    monthStart: kstMidnight(monthStartDay),
    lastMonthStart: kstMidnight(lastMonthStartDay),
    /** First day of the 30-day window ending today. */
    last30Day: kstDay(new Date(now.getTime() - 29 * DAY_MS)),
  };
}

function growth(thisMonth: number, lastMonth: number): number | null {
  if (!lastMonth) return null;
  return Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10;
}

export async function overview(db: TDb, now: Date): Promise<TOverviewResponse> {
  const cal = kstCalendar(now);
  const [userFigures, usage, thisMonth, lastMonth] = await Promise.all([
    repo.userCounts(db, cal.monthStart, cal.lastMonthStart),
    repo.usageByService(db, { today: cal.today, thisMonthStart: cal.monthStartDay, lastMonthStart: cal.lastMonthStartDay, usersSince: cal.last30Day }),
    paidRevenue(db, cal.monthStart, now),
    paidRevenue(db, cal.lastMonthStart, cal.monthStart),
  ]);
  const total = (k: 'total' | 'today' | 'thisMonth' | 'lastMonth') => usage.reduce((acc, r) => acc + r[k], 0);
  return {
    users: userFigures,
    apiCalls: { total: total('total'), today: total('today'), thisMonth: total('thisMonth'), lastMonth: total('lastMonth') },
    revenue: { thisMonth: thisMonth.supply, lastMonth: lastMonth.supply, currency: 'KRW' },
    services: SERVICES.map((s) => {
      const u = usage.find((r) => r.service === s.id);
      return {
        id: s.id,
        name: s.name,
        status: s.status,
        users: u?.users ?? 0,
        apiCalls: u?.thisMonth ?? 0,
        revenue: thisMonth.byService[s.id] ?? 0,
        growth: growth(u?.thisMonth ?? 0, u?.lastMonth ?? 0),
      };
    }),
  };
}

export async function servicesList(db: TDb, now: Date): Promise<TServicesResponse> {
  const cal = kstCalendar(now);
  const usage = await repo.usageByService(db, {
    today: cal.today,
    thisMonthStart: cal.monthStartDay,
    lastMonthStart: cal.lastMonthStartDay,
    usersSince: cal.last30Day,
  });
  return {
    data: SERVICES.map((s) => ({
      id: s.id,
      name: s.name,
      status: s.status,
      users: usage.find((r) => r.service === s.id)?.users ?? 0,
      description: s.description,
    })),
  };
}

/**
 * The caller's seeds and, per service over the last 30 days, what people used: with a seed, that seed's members —
 * the same figures whoever of them asks, owner or member —; without, the caller and all their seeds' members.
 * A seed the caller does not belong to is not found (its existence is not revealed).
 */
export async function consoleSummary(db: TDb, userId: string, seedId: string | undefined, now: Date): Promise<TConsoleSummaryResponse> {
  const cal = kstCalendar(now);
  if (seedId && !(await repo.isSeedMember(db, seedId, userId))) throw new AppError('SEED_NOT_FOUND');
  const [seeds, usage] = await Promise.all([repo.seedCount(db, userId), repo.peerUsage(db, seedId ? { seedId } : { userId }, cal.last30Day)]);
  return {
    seeds,
    services: SERVICES.map((s) => {
      const u = usage.find((r) => r.service === s.id);
      return { id: s.id, name: s.name, status: s.status, users: u?.users ?? 0, apiCalls: u?.calls ?? 0 };
    }),
  };
}

/** Every day from `from` to `to` inclusive ('YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

const USAGE_SERVICES: TUsageServiceId[] = [...SERVICES.map((s) => s.id), 'platform'];

export async function analytics(db: TDb, range: { from?: string | undefined; to?: string | undefined }, now: Date): Promise<TAnalyticsResponse> {
  const to = range.to ?? kstDay(now);
  const from = range.from ?? kstDay(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS));
  if (from > to) throw new AppError('VALIDATION_FAILED', ko.console.admin.rangeOrder);
  const days = daysBetween(from, to);
  if (days.length > 366) throw new AppError('VALIDATION_FAILED', ko.console.admin.rangeTooLong);
  const fromInstant = new Date(`${from}T00:00:00+09:00`);
  const toExclusive = new Date(Date.parse(`${to}T00:00:00+09:00`) + DAY_MS);
  const [signups, active, calls] = await Promise.all([
    repo.signupsPerDay(db, fromInstant, toExclusive),
    repo.activeUsersPerDay(db, from, to),
    repo.callsPerDay(db, from, to),
  ]);
  const byDay = (rows: { day: string; count: number }[]) => new Map(rows.map((r) => [r.day, r.count]));
  const s = byDay(signups);
  const a = byDay(active);
  const c = new Map(calls.map((r) => [`${r.day}|${r.service}`, r.count]));
  return {
    from,
    to,
    signups: days.map((day) => ({ day, count: s.get(day) ?? 0 })),
    activeUsers: days.map((day) => ({ day, count: a.get(day) ?? 0 })),
    apiCalls: days.flatMap((day) => USAGE_SERVICES.map((service) => ({ day, service, count: c.get(`${day}|${service}`) ?? 0 }))),
  };
}
