// Privacy (issue 32): the pinned HTTP API's requests and answers, shared by server and web.
import { z } from 'zod';
import { koPrivacy } from '../messages/ko-privacy.ts';
import { ZPublicCompany } from './auth.ts';

const v = koPrivacy.validation;

/** POST /api/me/export → 202. */
export const ZExportCreated = z.object({ id: z.uuid() });
export type TExportCreated = z.infer<typeof ZExportCreated>;

export const ZExportStatusName = z.enum(['pending', 'ready', 'failed', 'expired']);
/** GET /api/me/export/{id}: `url` (the download, valid until `expiresAt`) only when ready. */
export const ZExportStatus = z.object({
  id: z.uuid(),
  status: ZExportStatusName,
  url: z.string().optional(),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
});
export type TExportStatus = z.infer<typeof ZExportStatus>;
/** GET /api/me/exports: the person's recent exports (newest first). */
export const ZExportList = z.object({ data: z.array(ZExportStatus) });
export type TExportList = z.infer<typeof ZExportList>;

/** DELETE /api/me: re-authentication by the password, or by a second-factor code for accounts without one. */
export const ZDeleteMeInput = z
  .object(
    {
      password: z.string({ error: v.reauth }).max(200, { error: v.passwordMax }).optional(),
      secondFactorCode: z.string({ error: v.reauth }).trim().max(64, { error: v.codeMax }).optional(),
    },
    { error: v.reauth },
  )
  .refine((x) => Boolean(x.password || x.secondFactorCode), { error: v.reauth, path: ['password'] });
export type TDeleteMeInput = z.infer<typeof ZDeleteMeInput>;
export const ZDeletionScheduled = z.object({ deleteAt: z.string() });
export type TDeletionScheduled = z.infer<typeof ZDeletionScheduled>;
/** GET /api/me/deletion: the pending deletion (or null) and the seeds the person owns (to transfer or delete first). */
export const ZDeletionStatus = z.object({
  deleteAt: z.string().nullable(),
  ownedSeeds: z.array(z.object({ id: z.uuid(), seed_name: z.string(), members: z.number().int() })),
  hasPassword: z.boolean(),
  hasSecondFactor: z.boolean(),
});
export type TDeletionStatus = z.infer<typeof ZDeletionStatus>;

/** The consents a person can see; `terms`, `privacy` and `age14` are required ones (shown, not withdrawable). */
export const ZConsentKind = z.enum(['terms', 'privacy', 'age14', 'marketing', 'marketingNight']);
export const ZConsentState = z.object({ kind: ZConsentKind, granted: z.boolean(), at: z.string().nullable(), version: z.string().nullable() });
export const ZConsents = z.object({
  data: z.array(ZConsentState),
  history: z.array(z.object({ kind: z.string(), granted: z.boolean(), at: z.string(), version: z.string() })),
});
export type TConsents = z.infer<typeof ZConsents>;
/** PATCH /api/me/consents: the optional consents only. */
export const ZConsentsPatch = z
  .object({ marketing: z.boolean().optional(), marketingNight: z.boolean().optional() })
  .strict()
  .refine((x) => x.marketing !== undefined || x.marketingNight !== undefined, { error: v.consents });
export type TConsentsPatch = z.infer<typeof ZConsentsPatch>;

/** GET /api/me/data-recipients: outside services and whether this person's data went to them. */
export const ZDataRecipient = z.object({
  key: z.string(),
  name: z.string(),
  role: z.enum(['processor', 'third_party']),
  purpose: z.string(),
  items: z.array(z.string()),
  configured: z.boolean(),
  received: z.boolean(),
  lastAt: z.string().nullable(),
});
export const ZDataRecipients = z.object({ data: z.array(ZDataRecipient) });
export type TDataRecipients = z.infer<typeof ZDataRecipients>;

/** POST /api/seeds/{seedId}/privacy/requests. */
export const ZPrivacySubject = z.union(
  [
    z.object({ email: z.email({ error: v.email }).max(254) }).strict(),
    z.object({ chatbotVisitorId: z.string().trim().min(1, { error: v.visitorId }).max(200) }).strict(),
    z
      .object({
        slackUserId: z
          .string()
          .trim()
          .regex(/^[UW][A-Z0-9]{2,20}$/, { error: v.slackUserId }),
      })
      .strict(),
  ],
  { error: v.subject },
);
export const ZSeedPrivacyRequestInput = z.object({
  kind: z.enum(['export', 'erase'], { error: v.kind }),
  subject: ZPrivacySubject,
  reason: z.string().trim().max(500, { error: v.reason }).optional(),
});
export type TSeedPrivacyRequestInput = z.infer<typeof ZSeedPrivacyRequestInput>;
export const ZSeedPrivacyRequest = z.object({
  id: z.uuid(),
  kind: z.enum(['export', 'erase']),
  subjectKind: z.enum(['email', 'chatbotVisitorId', 'slackUserId']),
  subjectMasked: z.string(),
  status: z.enum(['pending', 'done', 'failed']),
  /** Rows found (export) or erased/anonymised (erase), per table label. */
  receipt: z.record(z.string(), z.number().int()),
  exportId: z.uuid().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TSeedPrivacyRequest = z.infer<typeof ZSeedPrivacyRequest>;
export const ZSeedPrivacyRequestList = z.object({ data: z.array(ZSeedPrivacyRequest) });

/** GET /api/admin/privacy/access-log. */
export const ZAccessLogEntry = z.object({
  id: z.number().int(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  scope: z.enum(['platform', 'seed']),
  seedId: z.string().nullable(),
  action: z.string(),
  subject: z.string(),
  reason: z.string().nullable(),
  ip: z.string(),
  createdAt: z.string(),
});
export type TAccessLogEntry = z.infer<typeof ZAccessLogEntry>;
export const ZAccessLogPage = z.object({ data: z.array(ZAccessLogEntry), total: z.number().int(), page: z.number().int(), totalPages: z.number().int() });
export type TAccessLogPage = z.infer<typeof ZAccessLogPage>;

// Access records' filters (helper G): actor (an e-mail fragment or a user id), action (exact code or its domain
// prefix, e.g. 'chatbot'), from/to (dates or instants; `to` as a date includes that day), page.
const blankToUndefined = (x: unknown) => (typeof x === 'string' && x.trim() === '' ? undefined : x);
const accessDate = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .refine((x) => !Number.isNaN(Date.parse(x)), { error: koPrivacy.access.badDate })
    .optional(),
);
export const ZAccessLogQuery = z.object({
  actor: z.preprocess(blankToUndefined, z.string().trim().max(254, { error: koPrivacy.access.badActor }).optional()),
  action: z.preprocess(blankToUndefined, z.string().trim().max(100, { error: koPrivacy.access.badAction }).optional()),
  from: accessDate,
  to: accessDate,
  page: z.preprocess(blankToUndefined, z.coerce.number({ error: koPrivacy.access.badPage }).int().min(1).max(1_000_000).default(1)),
  limit: z.preprocess(blankToUndefined, z.coerce.number({ error: koPrivacy.access.badPage }).int().min(1).max(100).default(20)),
});
export type TAccessLogQuery = z.infer<typeof ZAccessLogQuery>;

/**
 * Seed owners' requests (helper F): the answer of POST/GET /api/seeds/{seedId}/privacy/requests[/{id}] — the pinned
 * ZSeedPrivacyRequest plus, for an export, its file's state and download link (`exportUrl`, only while it is ready).
 */
export const ZSeedPrivacyReceipt = ZSeedPrivacyRequest.extend({
  exportStatus: ZExportStatusName.nullable(),
  exportUrl: z.string().nullable(),
  exportExpiresAt: z.string().nullable(),
});
export type TSeedPrivacyReceipt = z.infer<typeof ZSeedPrivacyReceipt>;
export const ZSeedPrivacyReceiptList = z.object({ data: z.array(ZSeedPrivacyReceipt) });
export type TSeedPrivacyReceiptList = z.infer<typeof ZSeedPrivacyReceiptList>;
export const ZSeedPrivacyRequestParams = z.object({
  seedId: z.uuid({ error: koPrivacy.server.requestNotFound }),
  requestId: z.uuid({ error: koPrivacy.server.requestNotFound }),
});

/** GET /api/privacy/policy (public): the 개인정보 처리방침 generated from the data map (server: modules/privacy/policy.ts). */
export const ZPolicyTable = z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.string())) });
export const ZPolicyArticle = z.object({
  id: z.string(),
  title: z.string(),
  paragraphs: z.array(z.string()),
  /** Numbered items. */
  items: z.array(z.string()),
  tables: z.array(ZPolicyTable),
  /** Paragraphs after the items and tables. */
  after: z.array(z.string()),
});
export type TPolicyArticle = z.infer<typeof ZPolicyArticle>;
export const ZPolicyVersion = z.object({ version: z.string(), effective: z.string(), summary: z.string() });
export const ZPrivacyPolicy = z.object({
  /** The current version and its effective date (YYYY-MM-DD). */
  version: z.string(),
  effective: z.string(),
  intro: z.string(),
  articles: z.array(ZPolicyArticle),
  closing: z.array(z.string()),
  /** Every version, oldest first. */
  history: z.array(ZPolicyVersion),
  /** The operator's legal details (COMPANY_*), null where unset (development only). */
  operator: ZPublicCompany,
  /** PRIVACY_OFFICER_*, null where unset (development only). */
  officer: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
});
export type TPrivacyPolicy = z.infer<typeof ZPrivacyPolicy>;
