/** Helpers for the Slack tests (not a test file itself): fakes on loopback, install, signed events. */
import { createTestApp, type TTestContext } from '../../../test/helpers.ts';
import { api, signedIn } from '../../admin-users/testing/console-test-kit.ts';
import { createSlackApi } from '../slack-api.ts';
import * as repo from '../slack.repository.ts';
import { slackWorkerOf } from '../slack.module.ts';
import { knowledgeOf } from '../../knowledge/knowledge.module.ts';
import { encryptSecret, slackSignature } from '../slack-crypto.ts';
import { startFakeLlm, type TFakeLlm } from './fake-llm.ts';
import { startFakeSlack, type TFakeSlack } from './fake-slack.ts';

export const SIGNING_SECRET = 'test-signing-secret-0123456789';
export const CLIENT = { clientId: 'test-client', clientSecret: 'test-client-secret' };

export type TSlackTest = { t: TTestContext; slack: TFakeSlack; llm: TFakeLlm | null; close: () => Promise<void> };

/** `llm`: the fake chat model; `embeddings`: the fake embeddings model (EMBEDDINGS_MODEL) on the same fake server. */
export async function slackTestApp(kind: 'pglite' | 'postgres', opts: { llm?: boolean; embeddings?: boolean; slack?: boolean } = {}): Promise<TSlackTest> {
  const slack = await startFakeSlack(CLIENT);
  const llm = opts.llm || opts.embeddings ? await startFakeLlm() : null;
  const env: Record<string, string> = { SLACK_API_URL: slack.apiUrl, SLACK_AUTHORIZE_URL: slack.authorizeUrl, SLACK_SIGNING_SECRET: SIGNING_SECRET };
  if (opts.slack !== false) Object.assign(env, { SLACK_CLIENT_ID: CLIENT.clientId, SLACK_CLIENT_SECRET: CLIENT.clientSecret });
  if (llm) Object.assign(env, { LLM_BASE_URL: llm.url, LLM_API_KEY: 'sk-test', LLM_TIMEOUT_MS: '400', LLM_MAX_RETRIES: '1' });
  if (opts.llm) env.LLM_MODEL = 'fake-model';
  if (opts.embeddings) env.EMBEDDINGS_MODEL = 'fake-embed';
  const t = await createTestApp(kind, { env: env });
  return {
    t,
    slack,
    llm,
    close: async () => {
      await t.close();
      await slack.close();
      await llm?.close();
    },
  };
}

/** Waits until the background worker and the knowledge module's embedding have nothing queued or running. */
export async function idle(t: TTestContext) {
  await slackWorkerOf(t.app.ctx)!.idle();
  // Embedding runs in the knowledge module's background (the worker's searches schedule it).
  await knowledgeOf(t.app.ctx)!.background.idle();
}

/** Runs the whole OAuth dance: prepare → fake authorize page (real HTTP) → callback. Returns the redirect target. */
export async function install(s: TSlackTest, token: string, body: Record<string, unknown> = {}, choose: 'Allow' | 'Cancel' = 'Allow') {
  const prep = await api(s.t, token)('POST', '/api/slack-oauth-prepare', body);
  if (prep.status !== 200) throw new Error(`prepare ${prep.status} ${JSON.stringify(prep.body)}`);
  const page = await (await fetch(prep.body.authUrl)).text();
  const href = new RegExp(`<a href="([^"]+)">${choose}</a>`).exec(page)![1]!.replace(/&amp;/g, '&');
  const cb = new URL(href);
  const res = await s.t.app.inject({ method: 'GET', url: `${cb.pathname}${cb.search}` });
  return { prep: prep.body, location: new URL(String(res.headers.location), 'http://app'), status: res.statusCode, callbackUrl: cb };
}

export async function installedUser(s: TSlackTest) {
  const user = await signedIn(s.t);
  const r = await install(s, user.token);
  const workspaceId = r.location.searchParams.get('workspace_id');
  if (!workspaceId) throw new Error(`install failed: ${r.location.toString()}`);
  return { user, workspaceId };
}

/**
 * A workspace stored directly (no OAuth dance) in a new seed of `token`'s user, with a bot token the fake Slack
 * accepts; budget 0 (unlimited) unless given.
 */
export async function directWorkspace(s: TSlackTest, token: string, team: { id: string; name: string; botUserId: string }, monthlyTokenBudget = 0) {
  const seed = (await api(s.t, token)('POST', '/api/seeds', { seed_name: `${team.name} 시드` })).body.data;
  const access = await createSlackApi({ apiUrl: s.slack.apiUrl }).oauthAccess({
    ...CLIENT,
    code: s.slack.issueCode({ id: team.id, name: team.name }),
    redirectUri: 'http://x',
  });
  return repo.insertWorkspace(s.t.database.db, {
    seedId: seed.id,
    teamId: team.id,
    teamName: team.name,
    botUserId: team.botUserId,
    botTokenEnc: encryptSecret(s.t.config.encryptionKey, access.accessToken),
    settings: { channels: [], language: 'ko', tone: 'polite', retentionDays: 90, monthlyTokenBudget },
  });
}

let seq = 0;
/**
 * Message timestamps: unique and increasing, from a day before the suite loaded, so they stay inside every retention
 * period whatever the day the tests run (a fixed 2026-09-21 base fell out of the 90-day retention on 2026-12-20).
 */
const TS_BASE = Math.floor(Date.now() / 1000) - 86_400;
export const nextTs = () => `${TS_BASE + ++seq}.${String(seq).padStart(6, '0')}`;

/** POSTs a signed Events API body (timestamp and secret overridable). */
export async function sendEvent(t: TTestContext, body: unknown, opts: { ts?: number; secret?: string; raw?: string } = {}) {
  const raw = opts.raw ?? JSON.stringify(body);
  const ts = String(opts.ts ?? Math.floor(Date.now() / 1000));
  return t.app.inject({
    method: 'POST',
    url: '/api/slack/events',
    headers: {
      'content-type': 'application/json',
      'x-slack-request-timestamp': ts,
      'x-slack-signature': slackSignature(opts.secret ?? SIGNING_SECRET, ts, raw),
    },
    payload: raw,
  });
}

let eventSeq = 0;
export function eventCallback(teamId: string, event: Record<string, unknown>, eventId = `Ev${Date.now().toString(36)}${++eventSeq}`) {
  return { type: 'event_callback', team_id: teamId, event_id: eventId, event_time: Math.floor(Date.now() / 1000), event };
}
