// Monitoring's advisors and alert rules (issue 30): shared by the server (request validation) and the web (forms).
import { z } from 'zod';
import { koAlerts } from '../messages/ko-alerts.ts';

const v = koAlerts.validation;

// ---- advisors ----

export const ADVISOR_IDS = [
  'trust-proxy',
  'smtp-missing',
  'backup-missing',
  'api-builder-unreachable',
  'slack-revoked',
  'embedded-db-large',
  'admin-no-second-factor',
] as const;
export const ZAdvisorId = z.enum(ADVISOR_IDS);
export type TAdvisorId = z.infer<typeof ZAdvisorId>;

export const ADVISOR_SEVERITIES = ['critical', 'warning', 'info'] as const;
export type TAdvisorSeverity = (typeof ADVISOR_SEVERITIES)[number];

export const ZAdvisorFinding = z.object({
  id: ZAdvisorId,
  severity: z.enum(ADVISOR_SEVERITIES),
  title: z.string(),
  why: z.string(),
  fix: z.string(),
  /** What was found (names, sizes, times), or null. Never a secret. */
  detail: z.string().nullable(),
});
export type TAdvisorFinding = z.infer<typeof ZAdvisorFinding>;

/** GET /api/admin/monitoring/advisors */
export const ZAdvisorsResponse = z.object({ checkedAt: z.string(), findings: z.array(ZAdvisorFinding) });
export type TAdvisorsResponse = z.infer<typeof ZAdvisorsResponse>;

// ---- alert rules ----

export const ALERT_KINDS = ['5xx-rate', 'p95-latency', 'failed-jobs', 'service-failing', 'advisor'] as const;
export const ZAlertKind = z.enum(ALERT_KINDS, { error: v.kind });
export type TAlertKind = z.infer<typeof ZAlertKind>;

const webhookUrl = z
  .string({ error: v.webhook })
  .trim()
  .max(500, v.webhook)
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, v.webhook);

export const ZAlertSlackTarget = z.strictObject(
  {
    seedId: z.uuid({ error: v.slackSeed }),
    /** `#channel-name` or a channel id (`C0123ABCD`). */
    channel: z
      .string({ error: v.slackChannel })
      .trim()
      .regex(/^(#[\p{L}\p{N}_.-]{1,80}|[CG][A-Z0-9]{6,20})$/u, v.slackChannel),
  },
  { error: v.slackChannel },
);

export const ZAlertChannels = z.strictObject(
  {
    mail: z
      .array(z.email({ error: v.mail }).max(254, v.mail), { error: v.mail })
      .max(10, v.mail)
      .default([]),
    slack: ZAlertSlackTarget.nullable().default(null),
    webhook: webhookUrl.nullable().default(null),
  },
  { error: v.noChannel },
);
export type TAlertChannels = z.infer<typeof ZAlertChannels>;

const ruleFields = {
  name: z.string({ error: v.name }).trim().min(1, v.name).max(80, v.name),
  kind: ZAlertKind,
  threshold: z.number({ error: v.threshold }).min(0, v.threshold).max(1_000_000, v.threshold),
  windowMinutes: z.number({ error: v.window }).int(v.window).min(1, v.window).max(1440, v.window),
  channels: ZAlertChannels,
  enabled: z.boolean({ error: v.enabled }),
};

/** The rules a whole rule must satisfy (create, and an update merged with the stored rule). */
function checkRule(r: { kind: TAlertKind; threshold: number; channels: TAlertChannels }, ctx: z.RefinementCtx) {
  const t = r.threshold;
  if (r.kind === '5xx-rate' && !(t > 0 && t <= 100)) ctx.addIssue({ code: 'custom', path: ['threshold'], message: v.thresholdPercent });
  if (r.kind === 'p95-latency' && t < 1) ctx.addIssue({ code: 'custom', path: ['threshold'], message: v.thresholdMs });
  if ((r.kind === 'failed-jobs' || r.kind === 'service-failing' || r.kind === 'advisor') && !(Number.isInteger(t) && t >= 1))
    ctx.addIssue({ code: 'custom', path: ['threshold'], message: v.thresholdCount });
  if (!r.channels.mail.length && !r.channels.slack && !r.channels.webhook) ctx.addIssue({ code: 'custom', path: ['channels'], message: v.noChannel });
}

/** POST /api/admin/alerts (and a PATCH merged with the stored rule). */
export const ZAlertRuleInput = z
  .strictObject({ ...ruleFields, windowMinutes: ruleFields.windowMinutes.default(5), enabled: ruleFields.enabled.default(true) })
  .superRefine(checkRule);
export type TAlertRuleInput = z.input<typeof ZAlertRuleInput>;
export type TAlertRuleValues = z.output<typeof ZAlertRuleInput>;

/** PATCH /api/admin/alerts/{id}: any of the fields; the merged rule is checked as a whole on the server. */
export const ZAlertRulePatch = z
  .strictObject({
    name: ruleFields.name.optional(),
    kind: ruleFields.kind.optional(),
    threshold: ruleFields.threshold.optional(),
    windowMinutes: ruleFields.windowMinutes.optional(),
    channels: ZAlertChannels.optional(),
    enabled: ruleFields.enabled.optional(),
  })
  .refine((p) => Object.values(p).some((x) => x !== undefined), { message: v.nothingToUpdate });
export type TAlertRulePatch = z.input<typeof ZAlertRulePatch>;

/** Checks a whole rule (the server merges a PATCH with the stored rule and checks the result). */
export const ZAlertRuleWhole = z.object(ruleFields).superRefine(checkRule);

export const ZAlertIdParams = z.object({ id: z.uuid({ error: koAlerts.server.notFound }) });

export const ZAlertRule = z.object({
  id: z.string(),
  name: z.string(),
  kind: ZAlertKind,
  threshold: z.number(),
  windowMinutes: z.number().int(),
  channels: z.object({ mail: z.array(z.string()), slack: z.object({ seedId: z.string(), channel: z.string() }).nullable(), webhook: z.string().nullable() }),
  enabled: z.boolean(),
  /** An incident of this rule is open now. */
  firing: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAlertRule = z.infer<typeof ZAlertRule>;

/** A rule as saved; `webhookSecret` only in the answer that set a new webhook address (shown once). */
export const ZAlertRuleSaved = z.object({ rule: ZAlertRule, webhookSecret: z.string().nullable() });
export type TAlertRuleSaved = z.infer<typeof ZAlertRuleSaved>;

export const ZAlertIncident = z.object({
  id: z.string(),
  ruleId: z.string(),
  ruleName: z.string(),
  kind: ZAlertKind,
  openedAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** The measured value when it opened (percent, ms or a count, as the kind says). */
  value: z.number(),
  threshold: z.number(),
  detail: z.string().nullable(),
});
export type TAlertIncident = z.infer<typeof ZAlertIncident>;

/** GET /api/admin/alerts */
export const ZAlertsResponse = z.object({
  rules: z.array(ZAlertRule),
  /** The newest incidents (open first), at most 50. */
  incidents: z.array(ZAlertIncident),
  /** Seeds whose connected Slack workspace can post an alert (empty: Slack is not available for alerts). */
  slackSeeds: z.array(z.object({ seedId: z.string(), teamName: z.string() })),
});
export type TAlertsResponse = z.infer<typeof ZAlertsResponse>;

export const ZAlertDeleted = z.object({ message: z.string() });
