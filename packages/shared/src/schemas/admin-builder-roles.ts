// Admin-page builder, custom roles, row rules and 열람 with a reason (issue 36, decision 092): schemas shared by server and web.
import { z } from 'zod';
import { koAdminBuilderRoles } from '../messages/ko-admin-builder-roles.ts';

const v = koAdminBuilderRoles.validation;

/** What a role may do on one table (owners have all of them; `unmask`: 열람 of masked personal data, and exports in clear). */
export const ZAdminRoleRight = z.enum(['view', 'create', 'edit', 'delete', 'export', 'import', 'unmask']);
export type TAdminRoleRight = z.infer<typeof ZAdminRoleRight>;
export const ADMIN_ROLE_RIGHTS = ZAdminRoleRight.options;

const ZTable = z.string().min(1).max(128);
const ZColumn = z.string({ error: v.ruleColumn }).min(1, v.ruleColumn).max(128, v.ruleColumn);

/**
 * One row rule: `column op value`. `me`: the value is the member's sign-in e-mail (eq / ne only, no other value).
 * `in` takes 1–100 values; `eq` and `ne` exactly one (or `me`). Values are typed against the column on save.
 */
export const ZAdminRowRule = z
  .object({
    column: ZColumn,
    op: z.enum(['eq', 'ne', 'in']),
    values: z.array(z.string().max(200, v.ruleValues), { error: v.ruleValues }).max(100, v.ruleValues).default([]),
    me: z.boolean().default(false),
  })
  .superRefine((r, ctx) => {
    if (r.me) {
      if (r.op === 'in' || r.values.length) ctx.addIssue({ code: 'custom', message: v.ruleMe, path: ['me'] });
      return;
    }
    if (!r.values.length) ctx.addIssue({ code: 'custom', message: v.ruleValues, path: ['values'] });
    else if (r.op !== 'in' && r.values.length !== 1) ctx.addIssue({ code: 'custom', message: v.ruleOne, path: ['values'] });
  });
export type TAdminRowRule = z.infer<typeof ZAdminRowRule>;

export const ZAdminRoleInput = z.object({
  name: z.string({ error: v.roleName }).trim().min(1, v.roleName).max(40, v.roleName),
  rights: z.record(ZTable, z.array(ZAdminRoleRight).max(7)).default({}),
  rules: z.record(ZTable, z.array(ZAdminRowRule).max(10)).default({}),
});
export type TAdminRoleInput = z.input<typeof ZAdminRoleInput>;

export const ZAdminRoleParams = z.object({ seedId: z.uuid(), appId: z.uuid(), roleId: z.uuid() });

export const ZAdminRoleView = z.object({
  id: z.uuid(),
  name: z.string(),
  rights: z.record(z.string(), z.array(ZAdminRoleRight)),
  rules: z.record(z.string(), z.array(ZAdminRowRule)),
  createdAt: z.string(),
});
export type TAdminRoleView = z.infer<typeof ZAdminRoleView>;

export const ZAdminRoleMember = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  seedRole: z.string(),
  roleId: z.uuid().nullable(),
});
export type TAdminRoleMember = z.infer<typeof ZAdminRoleMember>;

/** GET …/apps/:appId/roles: the app's roles and the seed's members with their role here. */
export const ZAdminRolesResponse = z.object({ data: z.object({ roles: z.array(ZAdminRoleView), members: z.array(ZAdminRoleMember) }) });
export type TAdminRolesResponse = z.infer<typeof ZAdminRolesResponse>;
export const ZAdminRoleSavedResponse = z.object({ success: z.literal(true), message: z.string(), data: ZAdminRoleView });

/** PUT …/apps/:appId/members/:userId/role: a role of this app, or null for the default member rights. */
export const ZAdminAssignRoleInput = z.object({ roleId: z.uuid().nullable() });
export const ZAdminMemberParams = z.object({ seedId: z.uuid(), appId: z.uuid(), userId: z.uuid() });

/** POST …/tables/:table/reveal: one masked value in clear, with the reason (2–200 characters) recorded. */
export const ZAdminRevealInput = z.object({
  key: z.string().min(1).max(2000),
  column: z.string({ error: v.column }).min(1, v.column).max(128, v.column),
  reason: z.string({ error: v.reason }).trim().min(2, v.reason).max(200, v.reason),
});
export type TAdminRevealInput = z.input<typeof ZAdminRevealInput>;
export const ZAdminRevealResponse = z.object({ success: z.literal(true), message: z.string(), data: z.object({ value: z.unknown() }) });

export const ZAdminRevealEntry = z.object({
  id: z.uuid(),
  at: z.string(),
  actorName: z.string(),
  table: z.string(),
  rowKey: z.string(),
  column: z.string(),
  reason: z.string(),
});
export type TAdminRevealEntry = z.infer<typeof ZAdminRevealEntry>;
export const ZAdminRevealListQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const ZAdminRevealListResponse = z.object({ data: z.array(ZAdminRevealEntry), total: z.number() });
export type TAdminRevealListResponse = z.infer<typeof ZAdminRevealListResponse>;

/** How a masked value is sent to the pages (null stays null). */
export const MASKED_VALUE = '●●●';
