import type { TIntegrationStatus } from '@suite/shared';
import type { TConfig } from '../../config.ts';

/** One outside service: the variables it needs (and may use), each read from the parsed configuration. */
type TIntegrationDef = { id: string; required: Record<string, unknown>; optional?: Record<string, unknown> };

/**
 * The list the console's integrations page shows, in order. Adding a provider is one row.
 * Only whether each variable is set leaves the server, never its value.
 */
function integrationDefs(c: TConfig): TIntegrationDef[] {
  return [
    {
      id: 'slack',
      required: { SLACK_CLIENT_ID: c.slack.clientId, SLACK_CLIENT_SECRET: c.slack.clientSecret, SLACK_SIGNING_SECRET: c.slack.signingSecret },
    },
    { id: 'google', required: { GOOGLE_CLIENT_ID: c.google.clientId } },
    {
      id: 'kakao',
      required: { KAKAO_CLIENT_ID: c.oauthProviders.kakao.clientId },
      optional: { KAKAO_CLIENT_SECRET: c.oauthProviders.kakao.clientSecret },
    },
    {
      id: 'naver',
      required: { NAVER_CLIENT_ID: c.oauthProviders.naver.clientId, NAVER_CLIENT_SECRET: c.oauthProviders.naver.clientSecret },
    },
    { id: 'mail', required: { SMTP_URL: c.smtpUrl } },
    {
      id: 'llm',
      required: { LLM_BASE_URL: c.llm.baseUrl, LLM_MODEL: c.llm.model },
      optional: { LLM_API_KEY: c.llm.apiKey, EMBEDDINGS_MODEL: c.llm.embeddingsModel },
    },
  ];
}

export function integrationStatuses(config: TConfig): TIntegrationStatus[] {
  return integrationDefs(config).map((d) => {
    const variables = [
      ...Object.entries(d.required).map(([name, v]) => ({ name, set: v !== undefined && v !== '', required: true })),
      ...Object.entries(d.optional ?? {}).map(([name, v]) => ({ name, set: v !== undefined && v !== '', required: false })),
    ];
    return { id: d.id, configured: variables.every((v) => v.set || !v.required), variables };
  });
}
