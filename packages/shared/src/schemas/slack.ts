// Chat AI for Slack: request and response schemas shared by server and web.
import { z } from 'zod';
import { koSlack } from '../messages/ko-slack.ts';

const v = koSlack.validation;

const ZUuid = (message: string) => z.uuid({ error: message });

/** POST /api/slack-oauth-prepare: the seed to connect to (absent → the user's first seed, created on demand). */
export const ZSlackPrepareInput = z
  .object({ seed_id: ZUuid(v.seedId).optional() })
  .nullish()
  .transform((b) => b ?? {});
export const ZSlackPrepareResponse = z.object({ success: z.literal(true), authUrl: z.string(), state: z.string(), message: z.string() });
export type TSlackPrepareResponse = z.infer<typeof ZSlackPrepareResponse>;

export const ZSlackCallbackQuery = z.object({
  code: z.string().max(500).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

/** The OAuth error codes the callback redirects with (spec: Chat OAuth codes). */
export const SLACK_OAUTH_ERRORS = [
  'invalid_request',
  'invalid_state',
  'token_exchange_failed',
  'workspace_save_failed',
  'workspace_already_installed',
  'access_denied',
  'config_error',
  'internal_error',
] as const;
export type TSlackOAuthError = (typeof SLACK_OAUTH_ERRORS)[number];

export const ZSlackLanguage = z.enum(['ko', 'en', 'auto']);
export const ZSlackTone = z.enum(['polite', 'friendly', 'concise']);
export const ZSlackChannelId = z
  .string()
  .trim()
  .regex(/^[CGD][A-Z0-9]{2,30}$/, v.channelId);

export const ZSlackSettings = z.object({
  channels: z.array(ZSlackChannelId).max(200),
  /** Channels whose conversations are never searched nor cited (decision 085). */
  excluded_channels: z.array(ZSlackChannelId).max(200),
  language: ZSlackLanguage,
  tone: ZSlackTone,
  retention_days: z.coerce.number({ error: v.retention }).int(v.retention).min(1, v.retention).max(3650, v.retention),
  monthly_token_budget: z.coerce.number({ error: v.budget }).int(v.budget).min(0, v.budget).max(100_000_000, v.budget),
});
export type TSlackSettings = z.infer<typeof ZSlackSettings>;
export const ZSlackSettingsInput = ZSlackSettings.partial();
export type TSlackSettingsInput = z.input<typeof ZSlackSettingsInput>;

export const ZSlackWorkspace = z.object({
  id: z.string(),
  seed_id: z.string(),
  seed_name: z.string(),
  team_id: z.string(),
  team_name: z.string(),
  bot_user_id: z.string(),
  scopes: z.array(z.string()),
  status: z.enum(['active', 'disconnected']),
  can_manage: z.boolean(),
  llm_enabled: z.boolean(),
  settings: ZSlackSettings,
  tokens_this_month: z.number().int(),
  created_at: z.string(),
});
export type TSlackWorkspace = z.infer<typeof ZSlackWorkspace>;
export const ZSlackWorkspaceList = z.object({ data: z.array(ZSlackWorkspace) });
export const ZSlackWorkspaceResponse = z.object({ success: z.literal(true), message: z.string(), data: ZSlackWorkspace });

export const ZSlackWorkspaceParams = z.object({ workspaceId: ZUuid(koSlack.server.workspaceNotFound) });
export const ZSlackDocumentParams = ZSlackWorkspaceParams.extend({ documentId: ZUuid(koSlack.server.documentNotFound) });

export const ZSlackUserStat = z.object({
  slack_user_id: z.string(),
  /** Display name from Slack (users.info), null when unknown. */
  name: z.string().nullable(),
  mentions: z.number().int(),
  summaries: z.number().int(),
  searches: z.number().int(),
  tokens: z.number().int(),
  last_seen: z.string(),
});
export const ZSlackUsersResponse = z.object({ data: z.array(ZSlackUserStat) });

export const ZSlackLogQuery = z.object({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  before: z.iso.datetime({ offset: true }).optional(),
});
export const ZSlackLogEntry = z.object({
  id: z.string(),
  kind: z.string(),
  channel: z.string(),
  thread_ts: z.string(),
  slack_user_id: z.string(),
  question: z.string(),
  answer: z.string(),
  status: z.string(),
  mode: z.string(),
  latency_ms: z.number().int().nullable(),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  sources: z.array(z.object({ title: z.string(), url: z.string().nullable() })),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type TSlackLogEntry = z.infer<typeof ZSlackLogEntry>;
export const ZSlackLogResponse = z.object({ data: z.array(ZSlackLogEntry), next_before: z.string().nullable() });

export const ZSlackStatsQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) });
export const ZSlackStatsDay = z.object({
  day: z.string(),
  mentions: z.number().int(),
  summaries: z.number().int(),
  searches: z.number().int(),
  tokens: z.number().int(),
});
export const ZSlackStatsResponse = z.object({
  days: z.array(ZSlackStatsDay),
  total_events: z.number().int(),
  avg_latency_ms: z.number().int().nullable(),
  total_tokens: z.number().int(),
});
export type TSlackStatsResponse = z.infer<typeof ZSlackStatsResponse>;

const ZTitle = z.string({ error: v.titleRequired }).trim().min(1, v.titleRequired).max(200, v.titleMax);
const ZContent = z.string({ error: v.contentRequired }).trim().min(1, v.contentRequired).max(200_000, v.contentMax);

/** POST /api/slack/workspaces/:id/documents — a text/Markdown document, a Q&A entry or a web page fetched once. */
export const ZSlackDocumentInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('text'), title: ZTitle, content: ZContent }),
    z.object({ kind: z.literal('markdown'), title: ZTitle, content: ZContent }),
    z.object({
      kind: z.literal('qa'),
      question: z.string({ error: v.questionRequired }).trim().min(1, v.questionRequired).max(1000),
      answer: z.string({ error: v.answerRequired }).trim().min(1, v.answerRequired).max(20_000),
    }),
    z.object({
      kind: z.literal('url'),
      url: z.url({ protocol: /^https?$/, error: v.urlInvalid }).max(2000, v.urlInvalid),
      title: ZTitle.optional(),
    }),
  ],
  { error: v.documentKind },
);
export type TSlackDocumentInput = z.input<typeof ZSlackDocumentInput>;

/** POST /api/slack/workspaces/:id/documents/pdf (body: the PDF bytes, content-type application/pdf). */
export const ZSlackPdfQuery = z.object({ title: ZTitle });

export const ZSlackDocument = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  source_url: z.string().nullable(),
  passages: z.number().int(),
  /** Passages with a vector of the configured embeddings model; null when embeddings are not configured. */
  embedded_passages: z.number().int().nullable(),
  chars: z.number().int(),
  created_at: z.string(),
});
export type TSlackDocument = z.infer<typeof ZSlackDocument>;
export const ZSlackDocumentList = z.object({ data: z.array(ZSlackDocument) });
export const ZSlackDocumentResponse = z.object({ success: z.literal(true), message: z.string(), data: ZSlackDocument });

export const ZSlackSearchQuery = z.object({ q: z.string({ error: v.questionRequired }).trim().min(1, v.questionRequired).max(500) });
export const ZSlackSearchHit = z.object({
  document_id: z.string(),
  title: z.string(),
  source_url: z.string().nullable(),
  content: z.string(),
  score: z.number(),
});
export const ZSlackSearchResponse = z.object({ data: z.array(ZSlackSearchHit) });
