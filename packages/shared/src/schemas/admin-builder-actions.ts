// Admin-page builder, row actions (issue 36, decision 094): schemas shared by server and web.
import { z } from 'zod';
import { koAdminBuilderActions } from '../messages/ko-admin-builder-actions.ts';

const v = koAdminBuilderActions.validation;
const ZUuid = z.uuid();

/** Who may run an action besides owners: the seed roles 'admin' and 'member', or a custom role id of the app. */
const ZActionRole = z.union([z.enum(['admin', 'member']), ZUuid], { error: v.roles });

/**
 * An action of a table. `target`: a webhook's address (https; http only to loopback in a test setup, checked on the
 * server) or the name of a database function (published on the app's internal API when the action is saved).
 */
export const ZAdminActionInput = z
  .object({
    table: z.string().min(1).max(128),
    label: z.string({ error: v.label }).trim().min(1, v.label).max(40, v.label),
    kind: z.enum(['function', 'webhook'], { error: v.kind }),
    target: z.string({ error: v.target }).trim().min(1, v.target).max(2000, v.target),
    scope: z.enum(['row', 'selection'], { error: v.scope }),
    confirmText: z.string({ error: v.confirmText }).trim().max(200, v.confirmText).default(''),
    roles: z.array(ZActionRole, { error: v.roles }).max(50, v.roles).default([]),
  })
  .superRefine((x, ctx) => {
    if (x.kind === 'function') {
      if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(x.target)) ctx.addIssue({ code: 'custom', message: v.functionName, path: ['target'] });
      return;
    }
    if (!/^https?:\/\/[^\s]+$/i.test(x.target) || !URL.canParse(x.target)) ctx.addIssue({ code: 'custom', message: v.target, path: ['target'] });
  });
export type TAdminActionInput = z.input<typeof ZAdminActionInput>;

export const ZAdminActionParams = z.object({ seedId: ZUuid, appId: ZUuid, actionId: ZUuid });
export const ZAdminActionRunParams = z.object({ seedId: ZUuid, appId: ZUuid, table: z.string().min(1).max(128), actionId: ZUuid });

/** An action as the pages see it: never its secret. `canRun`: whether the caller may run it (the table page's buttons). */
export const ZAdminAction = z.object({
  id: z.string(),
  table: z.string(),
  label: z.string(),
  kind: z.enum(['function', 'webhook']),
  target: z.string(),
  scope: z.enum(['row', 'selection']),
  confirmText: z.string(),
  roles: z.array(z.string()),
  canRun: z.boolean(),
});
export type TAdminAction = z.infer<typeof ZAdminAction>;
export const ZAdminActionListQuery = z.object({ table: z.string().min(1).max(128).optional() });
export const ZAdminActionListResponse = z.object({ data: z.array(ZAdminAction) });
/** The create and rotate answers: the secret, shown this once. */
export const ZAdminActionSavedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZAdminAction,
  secret: z.string().optional(),
});

/** Running an action: the rows' keys (1 for a row action, 1–100 for a selection) and the confirm step, enforced here too. */
export const ZAdminActionRunInput = z.object({
  keys: z.array(z.string().min(1).max(1000), { error: v.keys }).min(1, v.keys).max(100, v.keys),
  confirm: z.literal(true, { error: v.confirm }),
});
export const ZAdminActionRunResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  status: z.enum(['ok', 'failed']),
  httpStatus: z.number().int().optional(),
  /** A function action's answer (its JSON, cut to 4,000 characters of text when longer). */
  result: z.unknown().optional(),
});

export const ZAdminActionRun = z.object({
  id: z.string(),
  at: z.string(),
  actionLabel: z.string(),
  actorName: z.string(),
  table: z.string(),
  rows: z.number().int(),
  status: z.string(),
  httpStatus: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type TAdminActionRun = z.infer<typeof ZAdminActionRun>;
export const ZAdminActionRunsResponse = z.object({ data: z.array(ZAdminActionRun) });
