/**
 * The monthly meal report (issue 38) for whoever does the accounts (seed admins and the company card holder): per
 * person the rounds, their share of the bills, the company's part and their own; per team the budget, used and left.
 * Rounds count once their bill is in the ledger (closed; games once drawn), by meal date's month (Asia/Seoul).
 */
import { koMealPolicy } from '@suite/shared/messages/ko-meal-policy';
import type { TMealReport } from '@suite/shared/schemas/meal-policy';
import { AppError } from '../../lib/app-error.ts';
import { csvDocument } from '../../lib/csv.ts';
import { seedFor } from '../seeds/seeds.service.ts';
import type { TMealDeps } from './meal.deps.ts';
import * as mealRepo from './meal.repository.ts';
import { keepsAccounts } from './meal-policy.service.ts';
import * as repo from './meal-policy.repository.ts';

const m = koMealPolicy.server;

export async function getReport(deps: TMealDeps, actor: { id: string }, seedId: string, month: string): Promise<TMealReport> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  const settings = await repo.findSettings(deps.db, seedId);
  if (!keepsAccounts(settings, actor.id, seed.role)) throw new AppError('FORBIDDEN', m.reportForbidden);
  const [rounds, personal, company, teams, members, roundTotal] = await Promise.all([
    repo.roundsPerPerson(deps.db, seedId, month),
    repo.personalPerPerson(deps.db, seedId, month),
    repo.companyPerPerson(deps.db, seedId, month),
    repo.listTeams(deps.db, seedId),
    repo.teamMembersOf(deps.db, seedId),
    repo.roundCount(deps.db, seedId, month),
  ]);
  const usage = await repo.teamUsage(
    deps.db,
    teams.map((t) => t.id),
    month,
  );
  const ids = [...new Set([...rounds, ...personal, ...company].map((x) => x.userId))];
  const names = new Map((await mealRepo.usersByIds(deps.db, ids)).map((u) => [u.id, u.name]));
  const teamName = new Map(teams.map((t) => [t.id, t.name]));
  const teamOf = new Map(members.map((x) => [x.userId, teamName.get(x.teamId) ?? null]));
  const sumOf = (rows: { userId: string; amount: number }[], id: string) => rows.filter((r) => r.userId === id).reduce((a, r) => a + Number(r.amount), 0);
  const people = ids
    .map((userId) => {
      const c = sumOf(company, userId);
      const p = sumOf(personal, userId);
      return {
        userId,
        name: names.get(userId) ?? '',
        team: teamOf.get(userId) ?? null,
        rounds: Number(rounds.find((r) => r.userId === userId)?.rounds ?? 0),
        total: c + p,
        company: c,
        personal: p,
      };
    })
    .sort((a, b) => (a.team ?? '\uffff').localeCompare(b.team ?? '\uffff', 'ko') || a.name.localeCompare(b.name, 'ko'));
  const kindTotal = (kind: string) => company.filter((r) => r.kind === kind).reduce((a, r) => a + Number(r.amount), 0);
  const add = (key: 'total' | 'company' | 'personal') => people.reduce((a, x) => a + x[key], 0);
  return {
    month,
    seedName: seed.seedName,
    generatedAt: deps.now().toISOString(),
    people,
    teams: teams.map((t) => {
      const used = usage.get(t.id) ?? 0;
      return { teamId: t.id, name: t.name, budget: t.monthlyBudget, used, left: Math.max(0, t.monthlyBudget - used) };
    }),
    totals: {
      rounds: roundTotal,
      total: add('total'),
      company: add('company'),
      subsidy: kindTotal('subsidy'),
      teamBudget: kindTotal('team_budget'),
      personal: add('personal'),
    },
  };
}

/** The report as CSV (the suite's one CSV writer: UTF-8 BOM, CRLF, formula escaping): a row per person, per team, and the totals. */
export async function reportCsv(deps: TMealDeps, actor: { id: string }, seedId: string, month: string): Promise<string> {
  const r = await getReport(deps, actor, seedId, month);
  const c = koMealPolicy.csv;
  const rows = [
    ...r.people.map((p) => [c.person, p.name, p.team ?? c.noTeam, p.rounds, p.total, p.company, p.personal, '', '', '']),
    ...r.teams.map((t) => [c.team, t.name, t.name, '', '', '', '', t.budget, t.used, t.left]),
    [c.total, '', '', r.totals.rounds, r.totals.total, r.totals.company, r.totals.personal, '', '', ''],
  ];
  return csvDocument(c.header.split(','), rows);
}
