/** Helpers for the company meal policy tests (issue 38): PUT requests, settings, teams, a round closed by the owner. */
import { eq, sql } from 'drizzle-orm';
import { mealCompanyShares } from '../../../db/schema-meal.ts';
import type { TTestContext } from '../../../test/helpers.ts';
import { api } from '../../admin-users/testing/console-test-kit.ts';
import { inMinutes } from './meal-test-kit.ts';

/** Any method with a bearer token; the body as JSON, or the raw text when it is not JSON (CSV). */
export async function send(t: TTestContext, token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever JSON the route answers
  let json: any;
  try {
    json = res.json();
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, body: json, text: res.body, headers: res.headers };
}

export const settingsOf = (over: Record<string, unknown> = {}) => ({
  reminderEveryDays: 3,
  reminderHour: 10,
  subsidyPerDay: 0,
  companyCardHolderId: null,
  spenders: 'admins',
  spenderIds: [],
  ...over,
});

export async function makeTeam(t: TTestContext, token: string, base: string, name: string, monthlyBudget: number, userIds: string[]) {
  const team = await send(t, token, 'POST', `${base}/meal-teams`, { name, monthlyBudget });
  if (team.status !== 201) throw new Error(`team: ${team.status} ${team.text}`);
  const members = await send(t, token, 'PUT', `${base}/meal-teams/${team.body.data.id}/members`, { userIds });
  if (members.status !== 200) throw new Error(`members: ${members.status} ${members.text}`);
  return team.body.data as { id: string };
}

type TUser = { id: string; token: string };

/** A round opened by `host` that every person in `eaters` joins (one menu item at `price`); returns the round. */
export async function openRound(
  t: TTestContext,
  base: string,
  host: TUser,
  eaters: TUser[],
  round: { date: string; price: number; now: Date; split?: string; payWith?: string; applyPolicy?: boolean; title?: string },
) {
  const res = await api(t, host.token)('POST', `${base}/meals`, {
    title: round.title ?? '점심',
    date: round.date,
    deadline: inMinutes(round.now, 30),
    mode: 'menu',
    options: [{ name: '정식', price: round.price }],
    split: round.split ?? 'even',
    ...(round.payWith ? { payWith: round.payWith } : {}),
    ...(round.applyPolicy === undefined ? {} : { applyPolicy: round.applyPolicy }),
  });
  if (res.status !== 201) throw new Error(`round: ${res.status} ${JSON.stringify(res.body)}`);
  const meal = res.body.data;
  for (const u of eaters) await api(t, u.token)('POST', `${base}/meals/${meal.id}/join`, { choice: meal.options[0].id });
  return meal as { id: string; applyPolicy: boolean; payWith: string };
}

/** Company shares of a round per person (sum of both kinds) and per kind. */
export async function companyOf(t: TTestContext, mealId: string) {
  const rows = await t.database.db.select().from(mealCompanyShares).where(eq(mealCompanyShares.mealId, mealId));
  const byUser = new Map<string, number>();
  for (const r of rows) byUser.set(r.userId, (byUser.get(r.userId) ?? 0) + r.amount);
  const kind = (k: string) => rows.filter((r) => r.kind === k).reduce((a, r) => a + r.amount, 0);
  return { rows, byUser, subsidy: kind('subsidy'), team: kind('team_budget'), total: kind('subsidy') + kind('team_budget') };
}

export async function teamUsed(t: TTestContext, teamId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`coalesce(sum(${mealCompanyShares.amount}), 0)::int` })
    .from(mealCompanyShares)
    .where(eq(mealCompanyShares.teamId, teamId));
  return Number(row?.n ?? 0);
}
