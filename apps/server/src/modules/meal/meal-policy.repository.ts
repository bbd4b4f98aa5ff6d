/** The company meal policy's tables (issue 38): settings, teams, team members, company shares. The only policy file that knows Drizzle. */
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { mealCompanyShares, mealParticipants, meals, mealSettings, mealShares, mealTeamMembers, mealTeams } from '../../db/schema-meal.ts';

export type { TTx } from '../../db/client.ts';
export type TSettingsRow = typeof mealSettings.$inferSelect;
export type TTeamRow = typeof mealTeams.$inferSelect;
export type TCompanyShareInsert = typeof mealCompanyShares.$inferInsert;

export async function findSettings(db: TTx, seedId: string): Promise<TSettingsRow | undefined> {
  const [row] = await db.select().from(mealSettings).where(eq(mealSettings.seedId, seedId));
  return row;
}

export async function upsertSettings(db: TTx, values: typeof mealSettings.$inferInsert): Promise<void> {
  const { seedId: _s, ...rest } = values;
  await db.insert(mealSettings).values(values).onConflictDoUpdate({ target: mealSettings.seedId, set: rest });
}

export async function listTeams(db: TTx, seedId: string): Promise<TTeamRow[]> {
  return db.select().from(mealTeams).where(eq(mealTeams.seedId, seedId)).orderBy(asc(mealTeams.name));
}

export async function findTeam(db: TTx, seedId: string, teamId: string): Promise<TTeamRow | undefined> {
  const [row] = await db
    .select()
    .from(mealTeams)
    .where(and(eq(mealTeams.seedId, seedId), eq(mealTeams.id, teamId)));
  return row;
}

export async function findTeamByName(db: TTx, seedId: string, name: string): Promise<TTeamRow | undefined> {
  const [row] = await db
    .select()
    .from(mealTeams)
    .where(and(eq(mealTeams.seedId, seedId), eq(mealTeams.name, name)));
  return row;
}

export async function insertTeam(db: TTx, values: typeof mealTeams.$inferInsert): Promise<TTeamRow> {
  const [row] = await db.insert(mealTeams).values(values).returning();
  return row!;
}

export async function updateTeam(db: TTx, teamId: string, patch: Partial<typeof mealTeams.$inferInsert>): Promise<TTeamRow> {
  const [row] = await db.update(mealTeams).set(patch).where(eq(mealTeams.id, teamId)).returning();
  return row!;
}

export async function deleteTeam(db: TTx, teamId: string): Promise<void> {
  await db.delete(mealTeams).where(eq(mealTeams.id, teamId));
}

/** Every team membership of the seed (names come from meal.repository's usersByIds). */
export async function teamMembersOf(db: TTx, seedId: string) {
  return db.select({ userId: mealTeamMembers.userId, teamId: mealTeamMembers.teamId }).from(mealTeamMembers).where(eq(mealTeamMembers.seedId, seedId));
}

/** The team's members become exactly `userIds`; someone in another team of the seed moves here. */
export async function setTeamMembers(db: TTx, seedId: string, teamId: string, userIds: string[]): Promise<void> {
  const here = eq(mealTeamMembers.teamId, teamId);
  await db.delete(mealTeamMembers).where(userIds.length ? and(here, notInArray(mealTeamMembers.userId, userIds)) : here);
  if (userIds.length === 0) return;
  await db
    .insert(mealTeamMembers)
    .values(userIds.map((userId) => ({ seedId, userId, teamId })))
    .onConflictDoUpdate({ target: [mealTeamMembers.seedId, mealTeamMembers.userId], set: { teamId } });
}

/** Budget used per team in a month (YYYY-MM). */
export async function teamUsage(db: TTx, teamIds: string[], month: string): Promise<Map<string, number>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .select({ teamId: mealCompanyShares.teamId, used: sql<number>`sum(${mealCompanyShares.amount})::int` })
    .from(mealCompanyShares)
    .where(and(inArray(mealCompanyShares.teamId, teamIds), eq(mealCompanyShares.month, month), eq(mealCompanyShares.kind, 'team_budget')))
    .groupBy(mealCompanyShares.teamId);
  return new Map(rows.map((r) => [r.teamId!, Number(r.used)]));
}

// ── Applying the policy at close (inside the round's transaction) ──

/** Serialises the subsidy of one seed and day: two rounds of the same day closing at once cannot both grant it. */
export async function lockSubsidyDay(tx: TTx, seedId: string, mealDate: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`meal-subsidy:${seedId}:${mealDate}`}))`);
}

/** Locks the team rows (in id order, so two rounds never wait on each other crosswise) until the transaction ends. */
export async function lockTeams(tx: TTx, teamIds: string[]): Promise<TTeamRow[]> {
  if (teamIds.length === 0) return [];
  return tx
    .select()
    .from(mealTeams)
    .where(inArray(mealTeams.id, [...teamIds].sort()))
    .orderBy(asc(mealTeams.id))
    .for('update');
}

export async function teamOfUsers(db: TTx, seedId: string, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: mealTeamMembers.userId, teamId: mealTeamMembers.teamId })
    .from(mealTeamMembers)
    .where(and(eq(mealTeamMembers.seedId, seedId), inArray(mealTeamMembers.userId, userIds)));
  return new Map(rows.map((r) => [r.userId, r.teamId]));
}

/** The subsidy already granted per person on a day in the seed (every round of that date). */
export async function subsidyUsed(db: TTx, seedId: string, mealDate: string, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: mealCompanyShares.userId, used: sql<number>`sum(${mealCompanyShares.amount})::int` })
    .from(mealCompanyShares)
    .where(
      and(
        eq(mealCompanyShares.seedId, seedId),
        eq(mealCompanyShares.mealDate, mealDate),
        eq(mealCompanyShares.kind, 'subsidy'),
        inArray(mealCompanyShares.userId, userIds),
      ),
    )
    .groupBy(mealCompanyShares.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.used)]));
}

export async function deleteCompanySharesOf(db: TTx, mealId: string): Promise<void> {
  await db.delete(mealCompanyShares).where(eq(mealCompanyShares.mealId, mealId));
}

export async function insertCompanyShares(db: TTx, rows: TCompanyShareInsert[]): Promise<void> {
  if (rows.length) await db.insert(mealCompanyShares).values(rows);
}

export async function companySharesOf(db: TTx, mealIds: string[]) {
  if (mealIds.length === 0) return [];
  return db
    .select({ mealId: mealCompanyShares.mealId, userId: mealCompanyShares.userId, amount: sql<number>`sum(${mealCompanyShares.amount})::int` })
    .from(mealCompanyShares)
    .where(inArray(mealCompanyShares.mealId, mealIds))
    .groupBy(mealCompanyShares.mealId, mealCompanyShares.userId)
    .orderBy(asc(mealCompanyShares.userId));
}

export async function hasBudgetedTeam(db: TTx, seedId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: mealTeams.id })
    .from(mealTeams)
    .where(and(eq(mealTeams.seedId, seedId), sql`${mealTeams.monthlyBudget} > 0`))
    .limit(1);
  return Boolean(row);
}

// ── The monthly report ──

/** Rounds of the month whose bill is in the ledger: closed non-game rounds and drawn games. */
const settled = sql`(${meals.status} = 'drawn' or (${meals.status} = 'closed' and ${meals.split} not in ('ladder', 'roulette')))`;
const inMonth = (month: string) => sql`substr(${meals.mealDate}, 1, 7) = ${month}`;

/** Rounds joined per person in the month (settled rounds only). */
export async function roundsPerPerson(db: TTx, seedId: string, month: string) {
  return db
    .select({ userId: mealParticipants.userId, rounds: sql<number>`count(*)::int` })
    .from(mealParticipants)
    .innerJoin(meals, eq(meals.id, mealParticipants.mealId))
    .where(and(eq(meals.seedId, seedId), eq(mealParticipants.status, 'joined'), settled, inMonth(month)))
    .groupBy(mealParticipants.userId);
}

export async function roundCount(db: TTx, seedId: string, month: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(meals)
    .where(and(eq(meals.seedId, seedId), settled, inMonth(month)));
  return Number(row?.n ?? 0);
}

/** What each person bore of the month's rounds (meal_shares). */
export async function personalPerPerson(db: TTx, seedId: string, month: string) {
  return db
    .select({ userId: mealShares.userId, amount: sql<number>`sum(${mealShares.amount})::int` })
    .from(mealShares)
    .where(and(eq(mealShares.seedId, seedId), sql`substr(${mealShares.mealDate}, 1, 7) = ${month}`))
    .groupBy(mealShares.userId);
}

/** What the company bore per person and kind in the month. */
export async function companyPerPerson(db: TTx, seedId: string, month: string) {
  return db
    .select({ userId: mealCompanyShares.userId, kind: mealCompanyShares.kind, amount: sql<number>`sum(${mealCompanyShares.amount})::int` })
    .from(mealCompanyShares)
    .where(and(eq(mealCompanyShares.seedId, seedId), eq(mealCompanyShares.month, month)))
    .groupBy(mealCompanyShares.userId, mealCompanyShares.kind);
}
