/** Platform administration and console figures: /api/admin/*, /api/services, /api/console/summary. */
import { z } from 'zod';
import { koAuth } from '../messages/ko-auth.ts';
import { koConsole } from '../messages/ko-console.ts';
import { catalogueStatus } from '../catalogue.ts';
import { ZEmail, ZFullName, ZNewPassword, ZResetPasswordForm, ZRole, ZSignupForm, ZSignupInput, ZUserStatus } from './auth.ts';

const a = koConsole.admin;

export const ZServiceStatus = z.enum(['active', 'beta', 'development', 'inactive']);
export type TServiceStatus = z.infer<typeof ZServiceStatus>;
export const ZServiceId = z.enum(['slack-ai', 'schedule', 'meal', 'api-builder', 'admin-builder', 'ai-chatbot']);
export type TServiceId = z.infer<typeof ZServiceId>;
/** Where API calls are counted: the services plus 'platform' (accounts, seeds, console). */
export type TUsageServiceId = TServiceId | 'platform';

/** The console's services, their statuses from the one catalogue (catalogue.ts), for the server's figures and screens. */
export const SERVICES: readonly { id: TServiceId; name: string; status: TServiceStatus; description: string }[] = ZServiceId.options.map((id) => {
  const status = catalogueStatus(id);
  return { id, status: status === 'planned' ? 'development' : status, name: koConsole.services.names[id], description: koConsole.services.descriptions[id] };
});

/** Usage bar on the services page: 200 users = 100 %. */
export const SERVICE_USAGE_SCALE = 200;
export const TRASH_RETENTION_DAYS = 30;
export const ADMIN_PAGE_SIZE = 10;

// ── Users ──────────────────────────────────────────────────────────────────────────────────────────────

export const ZAdminUser = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  phone: z.string(),
  role: ZRole,
  status: ZUserStatus,
  provider: z.enum(['email', 'google']),
  avatar_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZJoinedRange = z.enum(['today', 'week', 'month', 'year']);
export type TJoinedRange = z.infer<typeof ZJoinedRange>;

/** Empty strings (an unset filter in a query string) count as absent. */
const blank = (v: unknown) => (v === '' || v === 'all' ? undefined : v);

/** GET /api/admin/users query. */
export const ZAdminUsersQuery = z.object({
  search: z.preprocess(blank, z.string().trim().max(100).optional()),
  role: z.preprocess(blank, ZRole.optional()),
  status: z.preprocess(blank, ZUserStatus.optional()),
  joined: z.preprocess(blank, ZJoinedRange.optional()),
  sort: z.preprocess(blank, z.enum(['email', 'created_at']).default('created_at')),
  order: z.preprocess(blank, z.enum(['asc', 'desc']).default('desc')),
  page: z.preprocess(blank, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  limit: z.preprocess(blank, z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE)),
});
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

const page = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int(), totalPages: z.number().int() });

export const ZAdminUsersResponse = page(ZAdminUser);
export type TAdminUsersResponse = z.infer<typeof ZAdminUsersResponse>;

export const ZAdminUserParams = z.object({ id: z.uuid(a.userNotFound) });

/** PATCH /api/admin/users/:id. */
export const ZAdminUpdateUserInput = z
  .object({ full_name: ZFullName.optional(), role: ZRole.optional() })
  .refine((d) => d.full_name !== undefined || d.role !== undefined, { message: a.nothingToUpdate });
export type TAdminUpdateUserInput = z.infer<typeof ZAdminUpdateUserInput>;

/** POST /api/admin/users/:id/status. */
export const ZAdminStatusInput = z.object({ status: ZUserStatus });
export type TAdminStatusInput = z.infer<typeof ZAdminStatusInput>;

export const ZAdminUserResponse = z.object({ success: z.literal(true), message: z.string(), data: ZAdminUser });
export type TAdminUserResponse = z.infer<typeof ZAdminUserResponse>;

export const ZTrashUser = ZAdminUser.extend({ deleted_at: z.string(), purge_at: z.string() });
export type TTrashUser = z.infer<typeof ZTrashUser>;
export const ZTrashResponse = z.object({ data: z.array(ZTrashUser) });
export type TTrashResponse = z.infer<typeof ZTrashResponse>;

/** POST /api/admin/users/invite: creates the account (no password yet) and mails a link to set one. */
export const ZAdminInviteInput = z.object({
  email: ZEmail,
  full_name: z.preprocess(blank, ZFullName.optional()),
  role: ZRole.default('user'),
});
export type TAdminInviteInput = z.input<typeof ZAdminInviteInput>;

/**
 * POST /api/invitations/accept (no sign-in): answers like a login. The invitee gives sign-up's consents here (terms
 * required, marketing optional, the age bracket: under 14 refused with PRIVACY_UNDER_14), recorded on acceptance.
 */
export const ZAcceptAccountInvitationInput = z.object({
  token: z.string().min(16).max(256),
  password: ZNewPassword,
  full_name: z.preprocess(blank, ZFullName.optional()),
  terms: ZSignupInput.shape.terms,
  age_bracket: ZSignupInput.shape.age_bracket,
  marketing_consent: ZSignupInput.shape.marketing_consent,
});
export type TAcceptAccountInvitationInput = z.input<typeof ZAcceptAccountInvitationInput>;
/** The accept page's form (browser): the new password twice and sign-up's consents. */
export const ZAcceptAccountInvitationForm = z
  .object({
    password: ZNewPassword,
    confirmPassword: ZResetPasswordForm.shape.confirmPassword,
    terms: ZSignupForm.shape.terms,
    marketing: ZSignupForm.shape.marketing,
    ageBracket: ZSignupForm.shape.ageBracket,
  })
  .refine((d) => d.password === d.confirmPassword, { message: koAuth.validation.confirmMismatch, path: ['confirmPassword'] });
export type TAcceptAccountInvitationForm = z.input<typeof ZAcceptAccountInvitationForm>;

// ── Audit ──────────────────────────────────────────────────────────────────────────────────────────────

export const ZAuditQuery = z.object({
  action: z.preprocess(blank, z.string().trim().max(100).optional()),
  search: z.preprocess(blank, z.string().trim().max(100).optional()),
  page: z.preprocess(blank, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  limit: z.preprocess(blank, z.coerce.number().int().min(1).max(100).default(20)),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  actor_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  target_label: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  ip: z.string(),
  created_at: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditResponse = page(ZAuditEntry);
export type TAuditResponse = z.infer<typeof ZAuditResponse>;

// ── Figures ────────────────────────────────────────────────────────────────────────────────────────────

export const ZOverviewService = z.object({
  id: ZServiceId,
  name: z.string(),
  status: ZServiceStatus,
  users: z.number().int(),
  apiCalls: z.number().int(),
  revenue: z.number(),
  /** This month's API calls against last month's, in % (one decimal); null when last month had none. */
  growth: z.number().nullable(),
});

/** GET /api/admin/overview. Months and days are Asia/Seoul calendar months and days. */
export const ZOverviewResponse = z.object({
  users: z.object({ total: z.number().int(), newThisMonth: z.number().int(), newLastMonth: z.number().int() }),
  apiCalls: z.object({ total: z.number().int(), today: z.number().int(), thisMonth: z.number().int(), lastMonth: z.number().int() }),
  revenue: z.object({ thisMonth: z.number(), lastMonth: z.number(), currency: z.literal('KRW') }),
  services: z.array(ZOverviewService),
});
export type TOverviewResponse = z.infer<typeof ZOverviewResponse>;

/**
 * GET /api/console/summary?seedId=: with a seed, what that seed's members used (the same figures for its owner and its
 * members); without, what the caller and the members of all the caller's seeds used.
 */
export const ZConsoleSummaryQuery = z.object({ seedId: z.uuid(a.seedIdInvalid).optional() });
export type TConsoleSummaryQuery = z.infer<typeof ZConsoleSummaryQuery>;

/** GET /api/console/summary: the caller's seeds and what their members used (last 30 days). */
export const ZConsoleSummaryResponse = z.object({
  seeds: z.number().int(),
  services: z.array(z.object({ id: ZServiceId, name: z.string(), status: ZServiceStatus, users: z.number().int(), apiCalls: z.number().int() })),
});
export type TConsoleSummaryResponse = z.infer<typeof ZConsoleSummaryResponse>;

/** GET /api/services: users = distinct users of the service in the last 30 days. */
export const ZServicesResponse = z.object({
  data: z.array(z.object({ id: ZServiceId, name: z.string(), status: ZServiceStatus, users: z.number().int(), description: z.string() })),
});
export type TServicesResponse = z.infer<typeof ZServicesResponse>;

const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, a.dateFormat)
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, a.dateFormat);

/** GET /api/admin/analytics?from=&to= (inclusive, Asia/Seoul days; default the last 30 days; at most 366 days). */
export const ZAnalyticsQuery = z
  .object({ from: z.preprocess(blank, ZDay.optional()), to: z.preprocess(blank, ZDay.optional()) })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: a.rangeOrder, path: ['from'] })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < 366, { message: a.rangeTooLong, path: ['to'] });
export type TAnalyticsQuery = z.infer<typeof ZAnalyticsQuery>;

export const ZAnalyticsResponse = z.object({
  from: z.string(),
  to: z.string(),
  signups: z.array(z.object({ day: z.string(), count: z.number().int() })),
  activeUsers: z.array(z.object({ day: z.string(), count: z.number().int() })),
  apiCalls: z.array(z.object({ day: z.string(), service: z.enum([...ZServiceId.options, 'platform']), count: z.number().int() })),
});
export type TAnalyticsResponse = z.infer<typeof ZAnalyticsResponse>;

// ── Korean initial-consonant search ───────────────────────────────────────────────────────────────────

const CHOSEONG = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';

/** '김민수' → 'ㄱㅁㅅ' (same rule as the database's hangul_initials()). */
export function hangulInitials(name: string): string {
  let out = '';
  for (const ch of name) {
    const c = ch.codePointAt(0) ?? 0;
    if (c >= 0xac00 && c <= 0xd7a3) out += CHOSEONG[Math.floor((c - 0xac00) / 588)];
    else if (c >= 0x3131 && c <= 0x314e) out += ch;
  }
  return out;
}

/** True when a search is made only of Hangul consonant jamo (spaces ignored), e.g. 'ㄱㅁㅅ'. */
export function isInitialsQuery(q: string): boolean {
  return /^[ㄱ-ㅎ\s]+$/.test(q) && /[ㄱ-ㅎ]/.test(q);
}
