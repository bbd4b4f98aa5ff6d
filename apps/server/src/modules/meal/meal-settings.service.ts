/**
 * Per-seed meal settings and teams (issue 38): reminders, the daily subsidy, the company card holder, who may spend,
 * and teams with a monthly budget. Members read; the seed owner and admins change (403 otherwise), each change with
 * a row in the audit log (target: the seed).
 */
import { koMealPolicy } from '@suite/shared/messages/ko-meal-policy';
import type { TMealSettings, TMealSettingsInput, TMealTeam, TMealTeamInput, TMealTeamMembersInput, TMealTeamPatch } from '@suite/shared/schemas/meal-policy';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { kstDay } from '../../lib/kst-day.ts';
import { membersOf, seedFor, type TSeedRow } from '../seeds/seeds.service.ts';
import { assertAmount } from './meal-amounts.ts';
import type { TMealDeps } from './meal.deps.ts';
import { maySpend, policyActive } from './meal-policy.service.ts';
import * as mealRepo from './meal.repository.ts';
import * as repo from './meal-policy.repository.ts';

const m = koMealPolicy.server;
export type TSettingsActor = { id: string; ip: string };

const isManager = (seed: TSeedRow) => seed.role === 'owner' || seed.role === 'admin';

async function managedSeed(deps: TMealDeps, actor: TSettingsActor, seedId: string): Promise<TSeedRow> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  if (!isManager(seed)) throw new AppError('FORBIDDEN', m.managersOnly);
  return seed;
}

const audit = (deps: TMealDeps, tx: repo.TTx, actor: TSettingsActor, seed: TSeedRow, action: string, metadata: Record<string, unknown>) =>
  writeAudit(tx, {
    action,
    actorId: actor.id,
    targetType: 'seed',
    targetId: seed.id,
    ip: actor.ip,
    metadata: { label: seed.seedName, ...metadata },
  });

/** Refuses ids that are not members of the seed: a 400 field error at `path`. */
async function assertMembers(deps: TMealDeps, actorId: string, seedId: string, ids: string[], path: string): Promise<Map<string, string>> {
  const members = new Map((await membersOf(deps.db, actorId, seedId)).data.map((x) => [x.user_id, x.full_name]));
  if (ids.some((id) => !members.has(id))) throw new AppError('BAD_REQUEST', m.notMember, { details: [{ path, message: m.notMember }] });
  return members;
}

export async function getSettings(deps: TMealDeps, actor: { id: string }, seedId: string): Promise<TMealSettings> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  const row = await repo.findSettings(deps.db, seedId);
  return {
    reminderEveryDays: row?.reminderEveryDays ?? 3,
    reminderHour: row?.reminderHour ?? 10,
    subsidyPerDay: row?.subsidyPerDay ?? 0,
    companyCardHolderId: row?.companyCardHolderId ?? null,
    spenders: row?.spenders === 'everyone' || row?.spenders === 'listed' ? row.spenders : 'admins',
    spenderIds: row?.spenderIds ?? [],
    canManage: isManager(seed),
    canSpend: maySpend(row, actor.id, seed.role),
    canReport: isManager(seed) || (row?.companyCardHolderId ?? null) === actor.id,
    policyActive: await policyActive(deps.db, seedId, row),
  };
}

export async function putSettings(deps: TMealDeps, actor: TSettingsActor, seedId: string, input: TMealSettingsInput): Promise<TMealSettings> {
  const seed = await managedSeed(deps, actor, seedId);
  assertAmount(deps, input.subsidyPerDay, 'subsidyPerDay');
  if (input.companyCardHolderId) await assertMembers(deps, actor.id, seedId, [input.companyCardHolderId], 'companyCardHolderId');
  const spenderIds = [...new Set(input.spenderIds)];
  await assertMembers(deps, actor.id, seedId, spenderIds, 'spenderIds');
  const values = {
    reminderEveryDays: input.reminderEveryDays,
    reminderHour: input.reminderHour,
    subsidyPerDay: input.subsidyPerDay,
    companyCardHolderId: input.companyCardHolderId,
    spenders: input.spenders,
    spenderIds,
  };
  await deps.db.transaction(async (tx) => {
    await repo.upsertSettings(tx, { seedId, ...values, updatedAt: deps.now() });
    await audit(deps, tx, actor, seed, 'meal.settings_updated', values);
  });
  return getSettings(deps, actor, seedId);
}

const currentMonth = (deps: TMealDeps) => kstDay(deps.now()).slice(0, 7);

export async function listTeams(deps: TMealDeps, actor: { id: string }, seedId: string): Promise<TMealTeam[]> {
  await seedFor(deps.db, seedId, actor.id);
  const month = currentMonth(deps);
  const teams = await repo.listTeams(deps.db, seedId);
  const [memberships, usage] = await Promise.all([
    repo.teamMembersOf(deps.db, seedId),
    repo.teamUsage(
      deps.db,
      teams.map((t) => t.id),
      month,
    ),
  ]);
  const names = new Map((await mealRepo.usersByIds(deps.db, [...new Set(memberships.map((x) => x.userId))])).map((u) => [u.id, u.name]));
  const members = memberships.map((x) => ({ ...x, name: names.get(x.userId) ?? '' })).sort((a, b) => a.name.localeCompare(b.name, 'ko'));
  return teams.map((t) => {
    const used = usage.get(t.id) ?? 0;
    return {
      id: t.id,
      name: t.name,
      monthlyBudget: t.monthlyBudget,
      members: members.filter((x) => x.teamId === t.id).map((x) => ({ userId: x.userId, name: x.name })),
      month,
      used,
      left: Math.max(0, t.monthlyBudget - used),
    };
  });
}

async function teamOf(deps: TMealDeps, actor: { id: string }, seedId: string, teamId: string): Promise<TMealTeam> {
  const team = (await listTeams(deps, actor, seedId)).find((t) => t.id === teamId);
  if (!team) throw new AppError('NOT_FOUND', m.teamNotFound);
  return team;
}

async function assertNameFree(tx: repo.TTx, seedId: string, name: string, teamId?: string) {
  const other = await repo.findTeamByName(tx, seedId, name);
  if (other && other.id !== teamId) throw new AppError('CONFLICT', m.teamNameTaken, { details: [{ path: 'name', message: m.teamNameTaken }] });
}

export async function createTeam(deps: TMealDeps, actor: TSettingsActor, seedId: string, input: TMealTeamInput): Promise<TMealTeam> {
  const seed = await managedSeed(deps, actor, seedId);
  assertAmount(deps, input.monthlyBudget, 'monthlyBudget');
  const name = input.name.trim();
  const team = await deps.db.transaction(async (tx) => {
    await assertNameFree(tx, seedId, name);
    const row = await repo.insertTeam(tx, { seedId, name, monthlyBudget: input.monthlyBudget });
    await audit(deps, tx, actor, seed, 'meal.team_created', { team: name, monthlyBudget: input.monthlyBudget });
    return row;
  });
  return teamOf(deps, actor, seedId, team.id);
}

export async function updateTeam(deps: TMealDeps, actor: TSettingsActor, seedId: string, teamId: string, input: TMealTeamPatch): Promise<TMealTeam> {
  const seed = await managedSeed(deps, actor, seedId);
  if (input.monthlyBudget !== undefined) assertAmount(deps, input.monthlyBudget, 'monthlyBudget');
  await deps.db.transaction(async (tx) => {
    const current = await repo.findTeam(tx, seedId, teamId);
    if (!current) throw new AppError('NOT_FOUND', m.teamNotFound);
    const patch: { name?: string; monthlyBudget?: number } = {};
    if (input.name !== undefined) {
      patch.name = input.name.trim();
      await assertNameFree(tx, seedId, patch.name, teamId);
    }
    if (input.monthlyBudget !== undefined) patch.monthlyBudget = input.monthlyBudget;
    await repo.updateTeam(tx, teamId, patch);
    await audit(deps, tx, actor, seed, 'meal.team_updated', { team: current.name, ...patch });
  });
  return teamOf(deps, actor, seedId, teamId);
}

export async function deleteTeam(deps: TMealDeps, actor: TSettingsActor, seedId: string, teamId: string): Promise<void> {
  const seed = await managedSeed(deps, actor, seedId);
  await deps.db.transaction(async (tx) => {
    const current = await repo.findTeam(tx, seedId, teamId);
    if (!current) throw new AppError('NOT_FOUND', m.teamNotFound);
    await repo.deleteTeam(tx, teamId);
    await audit(deps, tx, actor, seed, 'meal.team_deleted', { team: current.name });
  });
}

export async function setTeamMembers(deps: TMealDeps, actor: TSettingsActor, seedId: string, teamId: string, input: TMealTeamMembersInput): Promise<TMealTeam> {
  const seed = await managedSeed(deps, actor, seedId);
  const userIds = [...new Set(input.userIds)];
  await assertMembers(deps, actor.id, seedId, userIds, 'userIds');
  await deps.db.transaction(async (tx) => {
    const current = await repo.findTeam(tx, seedId, teamId);
    if (!current) throw new AppError('NOT_FOUND', m.teamNotFound);
    await repo.setTeamMembers(tx, seedId, teamId, userIds);
    await audit(deps, tx, actor, seed, 'meal.team_members_set', { team: current.name, userIds });
  });
  return teamOf(deps, actor, seedId, teamId);
}
