// Meal manager, round two (issue 38): the company meal policy — settings, teams, the company in the ledger, the monthly report.
import { z } from 'zod';
import { koMealPolicy } from '../messages/ko-meal-policy.ts';

const v = koMealPolicy.validation;
const uuid = z.uuid(v.member);

export const MEAL_SPENDERS = ['admins', 'everyone', 'listed'] as const;
export const MEAL_PAY_WITH = ['member', 'company_card'] as const;
export const ZMealPayWith = z.enum(MEAL_PAY_WITH, { error: v.payWith });
export type TMealPayWith = z.infer<typeof ZMealPayWith>;

/** Whole won, at least 0. The configurable upper cap (MEAL_AMOUNT_CAP) is checked by the server. */
const won = (message: string) => z.number({ error: message }).int(message).min(0, message);

/** PUT /api/seeds/:seedId/meal-settings (seed owner and admins; also the settings form). */
export const ZMealSettingsInput = z.object({
  reminderEveryDays: z.number({ error: v.reminderEveryDays }).int(v.reminderEveryDays).min(0, v.reminderEveryDays).max(30, v.reminderEveryDays),
  reminderHour: z.number({ error: v.reminderHour }).int(v.reminderHour).min(0, v.reminderHour).max(23, v.reminderHour),
  subsidyPerDay: won(v.subsidyPerDay),
  companyCardHolderId: uuid.nullable(),
  spenders: z.enum(MEAL_SPENDERS, { error: v.spenders }),
  spenderIds: z.array(uuid).max(500, v.spenderIds),
});
export type TMealSettingsInput = z.input<typeof ZMealSettingsInput>;

export const ZMealSettings = ZMealSettingsInput.extend({
  /** The viewer may change the settings and teams (seed owner or admin). */
  canManage: z.boolean(),
  /** The viewer may open rounds that apply the policy or are paid with the company card. */
  canSpend: z.boolean(),
  /** The viewer may read the monthly report (seed admins and the company card holder). */
  canReport: z.boolean(),
  /** A round applies the policy by default (a subsidy or a team with a budget exists). */
  policyActive: z.boolean(),
});
export type TMealSettings = z.infer<typeof ZMealSettings>;
export const ZMealSettingsResponse = z.object({ success: z.literal(true), message: z.string(), data: ZMealSettings });

export const ZMealTeamParams = z.object({ seedId: z.uuid(v.member), teamId: z.uuid(v.member) });

const teamName = z.string({ error: v.teamName }).trim().min(1, v.teamName).max(40, v.teamName);
/** POST …/meal-teams */
export const ZMealTeamInput = z.object({ name: teamName, monthlyBudget: won(v.monthlyBudget) });
export type TMealTeamInput = z.input<typeof ZMealTeamInput>;
/** PATCH …/meal-teams/:teamId */
export const ZMealTeamPatch = z
  .object({ name: teamName.optional(), monthlyBudget: won(v.monthlyBudget).optional() })
  .refine((r) => r.name !== undefined || r.monthlyBudget !== undefined, { message: v.nothing });
export type TMealTeamPatch = z.input<typeof ZMealTeamPatch>;
/** PUT …/meal-teams/:teamId/members: the team's members exactly (someone in another team moves here). */
export const ZMealTeamMembersInput = z.object({ userIds: z.array(uuid, { error: v.userIds }).max(500, v.userIds) });
export type TMealTeamMembersInput = z.input<typeof ZMealTeamMembersInput>;

const ZPerson = z.object({ userId: z.string(), name: z.string() });
export const ZMealTeam = z.object({
  id: z.string(),
  name: z.string(),
  monthlyBudget: z.number().int(),
  members: z.array(ZPerson),
  /** The budget used this month (Asia/Seoul) and what is left. */
  month: z.string(),
  used: z.number().int(),
  left: z.number().int(),
});
export type TMealTeam = z.infer<typeof ZMealTeam>;
export const ZMealTeamsResponse = z.object({ data: z.array(ZMealTeam) });
export const ZMealTeamResponse = z.object({ success: z.literal(true), message: z.string(), data: ZMealTeam });

/** GET …/meal-report?month=YYYY-MM */
export const ZMealReportQuery = z.object({ month: z.string({ error: v.month }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, v.month) });

export const ZMealReport = z.object({
  month: z.string(),
  seedName: z.string(),
  generatedAt: z.string(),
  people: z.array(
    ZPerson.extend({
      team: z.string().nullable(),
      rounds: z.number().int(),
      /** The person's share of the bills (company part + personal part). */
      total: z.number().int(),
      company: z.number().int(),
      personal: z.number().int(),
    }),
  ),
  teams: z.array(z.object({ teamId: z.string(), name: z.string(), budget: z.number().int(), used: z.number().int(), left: z.number().int() })),
  totals: z.object({
    rounds: z.number().int(),
    total: z.number().int(),
    company: z.number().int(),
    subsidy: z.number().int(),
    teamBudget: z.number().int(),
    personal: z.number().int(),
  }),
});
export type TMealReport = z.infer<typeof ZMealReport>;

/** The company's side of the ledger: what it owes members (reimbursements) and what members owe it (법인카드 rounds). */
export const ZMealCompanyAccounts = z.object({
  /** The viewer may record the company's settlements (seed admins and the company card holder). */
  canSettle: z.boolean().optional(),
  reimbursements: z.array(ZPerson.extend({ amount: z.number().int() })),
  dues: z.array(ZPerson.extend({ amount: z.number().int() })),
});
export type TMealCompanyAccounts = z.infer<typeof ZMealCompanyAccounts>;

/** What the company bore of a closed round, per person (the round page). */
export const ZMealCompanyShare = ZPerson.extend({ amount: z.number().int() });

/**
 * POST /api/seeds/:seedId/meal-ledger/company-settlements (seed admins and the company card holder): the company
 * paid a member back, or a member paid the company, toward zero — at most what stands between them.
 */
export const ZMealCompanySettlementInput = z.object({
  userId: uuid,
  amount: z.number({ error: v.amount }).int(v.amount).min(1, v.amount),
});
export type TMealCompanySettlementInput = z.input<typeof ZMealCompanySettlementInput>;
