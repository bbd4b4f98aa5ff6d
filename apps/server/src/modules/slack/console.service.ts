/**
 * The console's view of connected workspaces. A workspace is visible to the members of its seed only (404 for anyone
 * else, as for seeds); settings, knowledge changes and disconnecting are for the seed's owner and admins.
 */
import { ko } from '@suite/shared';
import type { TSlackSettings, TSlackSettingsInput, TSlackWorkspace } from '@suite/shared/schemas/slack';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { decryptSecret } from './slack-crypto.ts';
import type { TSlackApi } from './slack-api.ts';
import * as repo from './slack.repository.ts';
import { findSeed, listSeeds } from '../seeds/seeds.service.ts';

const s = ko.slack.server;

/** A workspace with its seed's name and the user's role in that seed (read through the seeds module). */
type TAccess = { ws: repo.TWorkspaceRow; seedName: string; role: string };

export const isManager = (role: string) => role === 'owner' || role === 'admin';

async function workspaceForUser(db: TDb, workspaceId: string, userId: string): Promise<TAccess | undefined> {
  const ws = await repo.findWorkspace(db, workspaceId);
  const seed = ws && (await findSeed(db, ws.seedId, userId));
  return ws && seed ? { ws, seedName: seed.seedName, role: seed.role } : undefined;
}

export async function access(db: TDb, workspaceId: string, userId: string, opts: { manage?: boolean } = {}): Promise<TAccess> {
  const row = await workspaceForUser(db, workspaceId, userId);
  if (!row) throw new AppError('NOT_FOUND', s.workspaceNotFound);
  if (opts.manage && !isManager(row.role)) throw new AppError('FORBIDDEN', s.managersOnly);
  return row;
}

const apiSettings = (x: repo.TWorkspaceRow['settings']): TSlackSettings => ({
  channels: x.channels,
  excluded_channels: x.excludedChannels ?? [],
  language: x.language,
  tone: x.tone,
  retention_days: x.retentionDays,
  monthly_token_budget: x.monthlyTokenBudget,
});

async function toApi(db: TDb, config: TConfig, a: TAccess): Promise<TSlackWorkspace> {
  const w = a.ws;
  return {
    id: w.id,
    seed_id: w.seedId,
    seed_name: a.seedName,
    team_id: w.teamId,
    team_name: w.teamName,
    bot_user_id: w.botUserId,
    scopes: w.scopes ? w.scopes.split(',') : [],
    status: w.status === 'active' ? 'active' : 'disconnected',
    can_manage: isManager(a.role),
    llm_enabled: Boolean(config.llm.baseUrl && config.llm.model),
    settings: apiSettings(w.settings),
    tokens_this_month: await repo.tokensThisMonth(db, w.id),
    created_at: w.createdAt.toISOString(),
  };
}

export async function list(db: TDb, config: TConfig, userId: string): Promise<TSlackWorkspace[]> {
  const seeds = new Map((await listSeeds(db, userId)).map((x) => [x.id, x]));
  const rows = await repo.workspacesOfSeeds(db, [...seeds.keys()]);
  return Promise.all(rows.map((ws) => toApi(db, config, { ws, seedName: seeds.get(ws.seedId)!.seed_name, role: seeds.get(ws.seedId)!.role })));
}

export async function get(db: TDb, config: TConfig, workspaceId: string, userId: string) {
  return toApi(db, config, await access(db, workspaceId, userId));
}

export async function updateSettings(db: TDb, config: TConfig, actor: { id: string; ip: string; at: Date }, workspaceId: string, input: TSlackSettingsInput) {
  const a = await access(db, workspaceId, actor.id, { manage: true });
  const cur = a.ws.settings;
  const next = {
    channels: input.channels ? [...new Set(input.channels.map((c) => c.trim()))] : cur.channels,
    excludedChannels: input.excluded_channels ? [...new Set(input.excluded_channels.map((c) => c.trim()))] : (cur.excludedChannels ?? []),
    language: input.language ?? cur.language,
    tone: input.tone ?? cur.tone,
    retentionDays: input.retention_days !== undefined ? Number(input.retention_days) : cur.retentionDays,
    monthlyTokenBudget: input.monthly_token_budget !== undefined ? Number(input.monthly_token_budget) : cur.monthlyTokenBudget,
  };
  await db.transaction(async (tx) => {
    await repo.updateWorkspace(tx, workspaceId, { settings: next }, actor.at);
    await writeAudit(tx, {
      action: 'slack.settings_updated',
      actorId: actor.id,
      targetType: 'seed',
      targetId: a.ws.seedId,
      ip: actor.ip,
      metadata: { label: a.ws.teamName, changes: Object.keys(input) },
    });
  });
  return get(db, config, workspaceId, actor.id);
}

export async function disconnect(db: TDb, config: TConfig, slack: TSlackApi, actor: { id: string; ip: string; at: Date }, workspaceId: string) {
  const a = await access(db, workspaceId, actor.id, { manage: true });
  if (a.ws.botTokenEnc) {
    // Best effort: revoke the token at Slack too; the local copy is deleted either way.
    await slack.revoke(decryptSecret(config.encryptionKey, a.ws.botTokenEnc)).catch(() => undefined);
  }
  await db.transaction(async (tx) => {
    await repo.disconnectTeam(tx, a.ws.teamId, actor.at);
    await writeAudit(tx, {
      action: 'slack.disconnected',
      actorId: actor.id,
      targetType: 'seed',
      targetId: a.ws.seedId,
      ip: actor.ip,
      metadata: { label: a.ws.teamName },
    });
  });
  return get(db, config, workspaceId, actor.id);
}

/** Slack display names, cached for 10 minutes per team and user (a cache only: a miss asks Slack again). */
const names = new Map<string, { name: string | null; at: number }>();
const NAME_TTL_MS = 10 * 60_000;

async function displayNames(config: TConfig, slack: TSlackApi, ws: repo.TWorkspaceRow, ids: string[]): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  if (!ws.botTokenEnc || ws.status !== 'active') return out;
  const token = decryptSecret(config.encryptionKey, ws.botTokenEnc);
  await Promise.all(
    ids.slice(0, 100).map(async (id) => {
      const key = `${ws.teamId}:${id}`;
      const hit = names.get(key);
      // This instance's cache age (elapsed time, not the app's clock).
      if (hit && performance.now() - hit.at < NAME_TTL_MS) return out.set(id, hit.name);
      const name = await slack.userName(token, id).catch(() => null);
      names.set(key, { name, at: performance.now() });
      return out.set(id, name);
    }),
  );
  return out;
}

export async function users(db: TDb, config: TConfig, slack: TSlackApi, workspaceId: string, userId: string) {
  const a = await access(db, workspaceId, userId);
  const rows = await repo.userStats(db, workspaceId);
  const named = await displayNames(
    config,
    slack,
    a.ws,
    rows.map((r) => r.slackUserId),
  );
  return rows.map((r) => ({
    slack_user_id: r.slackUserId,
    name: named.get(r.slackUserId) ?? null,
    mentions: r.mentions,
    summaries: r.summaries,
    searches: r.searches,
    tokens: r.tokens,
    last_seen: new Date(r.lastSeen).toISOString(),
  }));
}

export async function logs(db: TDb, workspaceId: string, userId: string, q: { q?: string | undefined; before?: string | undefined; limit: number }) {
  await access(db, workspaceId, userId);
  const rows = await repo.logs(db, workspaceId, { text: q.q || undefined, before: q.before ? new Date(q.before) : undefined, limit: q.limit });
  const page = rows.slice(0, q.limit);
  return {
    data: page.map((e) => ({
      id: e.id,
      kind: e.kind,
      channel: e.channel,
      thread_ts: e.threadTs,
      slack_user_id: e.slackUserId,
      question: e.question,
      answer: e.answer,
      status: e.status,
      mode: e.mode,
      latency_ms: e.latencyMs,
      prompt_tokens: e.promptTokens,
      completion_tokens: e.completionTokens,
      sources: e.sources,
      error: e.error,
      created_at: e.createdAt.toISOString(),
    })),
    next_before: rows.length > q.limit ? page[page.length - 1]!.createdAt.toISOString() : null,
  };
}

/** Per-day figures for the last `days` days (Korean calendar days), zero-filled. */
export async function stats(db: TDb, workspaceId: string, userId: string, days: number, today: Date) {
  await access(db, workspaceId, userId);
  const dayKey = (d: Date) => new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
  const keys = Array.from({ length: days }, (_, i) => dayKey(new Date(today.getTime() - (days - 1 - i) * 86_400_000)));
  const since = new Date(`${keys[0]}T00:00:00+09:00`);
  const [daily, usage] = await Promise.all([repo.dailyStats(db, workspaceId, since), repo.dailyTokenUsage(db, workspaceId, since)]);
  const rows = new Map(daily.map((r) => [r.day, r]));
  // Embedding tokens count toward the budget, so the daily token figures include them.
  const otherTokens = new Map(usage.map((u) => [u.day, u.tokens]));
  let latencySum = 0;
  let latencyN = 0;
  const out = keys.map((day) => {
    const r = rows.get(day);
    latencySum += r?.latencySum ?? 0;
    latencyN += r?.latencyN ?? 0;
    return {
      day,
      mentions: r?.mentions ?? 0,
      summaries: r?.summaries ?? 0,
      searches: r?.searches ?? 0,
      tokens: (r?.tokens ?? 0) + (otherTokens.get(day) ?? 0),
    };
  });
  return {
    days: out,
    total_events: out.reduce((a, d) => a + d.mentions, 0),
    avg_latency_ms: latencyN ? Math.round(latencySum / latencyN) : null,
    total_tokens: out.reduce((a, d) => a + d.tokens, 0),
  };
}
