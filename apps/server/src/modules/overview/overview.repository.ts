import { and, count, countDistinct, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, sql, sum, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { apiUsageDaily, seedMembers, users } from '../../db/schema.ts';

const n = (v: unknown) => Number(v ?? 0);

/** Users not in the trash (nor erased accounts' tombstones): all, and created since each instant. */
export async function userCounts(db: TDb, thisMonthStart: Date, lastMonthStart: Date) {
  const [row] = await db
    .select({
      total: count(),
      thisMonth: sql<number>`count(*) filter (where ${users.createdAt} >= ${thisMonthStart})`,
      lastMonth: sql<number>`count(*) filter (where ${users.createdAt} >= ${lastMonthStart} and ${users.createdAt} < ${thisMonthStart})`,
    })
    .from(users)
    .where(and(isNull(users.deletedAt), ne(users.status, 'erased'), ne(users.status, 'system')));
  return { total: n(row?.total), newThisMonth: n(row?.thisMonth), newLastMonth: n(row?.lastMonth) };
}

export type TServiceFigures = { service: string; total: number; today: number; thisMonth: number; lastMonth: number; users: number };

/** Per service: calls in total, today, this and last month; distinct users since `usersSince`. Days are 'YYYY-MM-DD'. */
export async function usageByService(
  db: TDb,
  days: { today: string; thisMonthStart: string; lastMonthStart: string; usersSince: string },
): Promise<TServiceFigures[]> {
  const c = apiUsageDaily.count;
  const d = apiUsageDaily.day;
  const rows = await db
    .select({
      service: apiUsageDaily.service,
      total: sum(c),
      today: sql`sum(${c}) filter (where ${d} = ${days.today})`,
      thisMonth: sql`sum(${c}) filter (where ${d} >= ${days.thisMonthStart})`,
      lastMonth: sql`sum(${c}) filter (where ${d} >= ${days.lastMonthStart} and ${d} < ${days.thisMonthStart})`,
      users: sql`count(distinct ${apiUsageDaily.userId}) filter (where ${d} >= ${days.usersSince})`,
    })
    .from(apiUsageDaily)
    .groupBy(apiUsageDaily.service);
  return rows.map((r) => ({
    service: r.service,
    total: n(r.total),
    today: n(r.today),
    thisMonth: n(r.thisMonth),
    lastMonth: n(r.lastMonth),
    users: n(r.users),
  }));
}

/** The caller and every member of the seeds the caller belongs to. */
function peersOf(userId: string): SQL {
  return sql`(
    select ${userId}::uuid
    union
    select other.user_id from ${seedMembers} mine join ${seedMembers} other on other.seed_id = mine.seed_id
    where mine.user_id = ${userId}
  )`;
}

export async function seedCount(db: TDb, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(seedMembers).where(eq(seedMembers.userId, userId));
  return n(row?.n);
}

/** The members of one seed (whoever asks: its owner and its members get the same set). */
function membersOf(seedId: string): SQL {
  return sql`(select ${seedMembers.userId} from ${seedMembers} where ${seedMembers.seedId} = ${seedId})`;
}

export async function isSeedMember(db: TDb, seedId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(seedMembers)
    .where(and(eq(seedMembers.seedId, seedId), eq(seedMembers.userId, userId)));
  return n(row?.n) > 0;
}

/**
 * Per service since `since`: distinct users and calls of a set of people — the members of one seed, or the caller
 * and the members of every seed the caller belongs to.
 */
export async function peerUsage(db: TDb, who: { seedId: string } | { userId: string }, since: string) {
  const people = 'seedId' in who ? membersOf(who.seedId) : peersOf(who.userId);
  const rows = await db
    .select({ service: apiUsageDaily.service, users: countDistinct(apiUsageDaily.userId), calls: sum(apiUsageDaily.count) })
    .from(apiUsageDaily)
    .where(and(gte(apiUsageDaily.day, since), inArray(apiUsageDaily.userId, people)))
    .groupBy(apiUsageDaily.service);
  return rows.map((r) => ({ service: r.service, users: n(r.users), calls: n(r.calls) }));
}

/** Sign-ups per Asia/Seoul day between two instants. */
export async function signupsPerDay(db: TDb, from: Date, toExclusive: Date) {
  const day = sql<string>`to_char(${users.createdAt} at time zone 'Asia/Seoul', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, count: count() })
    .from(users)
    // The help bot's system account (issue 33) did not sign up.
    .where(and(gte(users.createdAt, from), lt(users.createdAt, toExclusive), ne(users.status, 'system')))
    .groupBy(day);
  return rows.map((r) => ({ day: r.day, count: n(r.count) }));
}

export async function activeUsersPerDay(db: TDb, from: string, to: string) {
  const rows = await db
    .select({ day: apiUsageDaily.day, count: countDistinct(apiUsageDaily.userId) })
    .from(apiUsageDaily)
    .where(and(gte(apiUsageDaily.day, from), lte(apiUsageDaily.day, to), isNotNull(apiUsageDaily.userId)))
    .groupBy(apiUsageDaily.day);
  return rows.map((r) => ({ day: r.day, count: n(r.count) }));
}

export async function callsPerDay(db: TDb, from: string, to: string) {
  const rows = await db
    .select({ day: apiUsageDaily.day, service: apiUsageDaily.service, count: sum(apiUsageDaily.count) })
    .from(apiUsageDaily)
    .where(and(gte(apiUsageDaily.day, from), lte(apiUsageDaily.day, to)))
    .groupBy(apiUsageDaily.day, apiUsageDaily.service);
  return rows.map((r) => ({ day: r.day, service: r.service, count: n(r.count) }));
}
