/**
 * Connecting a Slack workspace: a single-use state bound to the user and seed (only its hash is stored, 10 minutes),
 * the code exchanged with oauth.v2.access, the bot token stored AES-256-GCM encrypted.
 */
import { randomBytes } from 'node:crypto';
import { ko } from '@suite/shared';
import type { TSlackOAuthError } from '@suite/shared/schemas/slack';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { assertManager, createSeed, listSeeds, seedFor } from '../seeds/seeds.service.ts';
import { sha256 } from '../../lib/tokens.ts';
import { encryptSecret } from './slack-crypto.ts';
import type { TSlackApi } from './slack-api.ts';
import * as repo from './slack.repository.ts';

const STATE_TTL_MS = 10 * 60_000;
/** What the assistant needs: mentions, channel history for the mirror, replies, the assistant status, the shortcut. */
export const BOT_SCOPES = [
  'app_mentions:read',
  'channels:history',
  'groups:history',
  'im:history',
  'chat:write',
  'assistant:write',
  'commands',
  // Meeting-room reminders by direct message: the member's Slack account is found by their email.
  // Actions from Slack (decision 088): the asker's profile e-mail (users.info) links them to a seed member.
  'users:read',
  'users:read.email',
  // Conversations as knowledge (decision 085): which channels an asker is in (users.conversations), channel names
  // and privacy (conversations.info), for public and private channels.
  'channels:read',
  'groups:read',
];

export const redirectUri = (config: TConfig) => `${config.appUrl}/api/slack/oauth/callback`;

export type TActor = { id: string; ip: string; fullName: string; at: Date };

export async function prepare(db: TDb, config: TConfig, actor: TActor, seedId: string | undefined) {
  const { clientId, clientSecret } = config.slack;
  if (!clientId || !clientSecret) return { configError: true as const };
  let seed = seedId;
  if (seed) assertManager(await seedFor(db, seed, actor.id));
  else {
    const mine = await listSeeds(db, actor.id);
    const managed = mine.find((s) => s.role === 'owner' || s.role === 'admin');
    seed = managed?.id ?? (await createSeed(db, actor, { seed_name: ko.slack.server.defaultSeedName(actor.fullName) })).id;
  }
  const state = randomBytes(24).toString('base64url');
  await repo.insertOauthState(db, { stateHash: sha256(state), userId: actor.id, seedId: seed, expiresAt: new Date(actor.at.getTime() + STATE_TTL_MS) });
  const url = new URL(config.slack.authorizeUrl);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('scope', BOT_SCOPES.join(','));
  url.searchParams.set('redirect_uri', redirectUri(config));
  url.searchParams.set('state', state);
  return { configError: false as const, authUrl: url.toString(), state };
}

export type TCallbackResult = { ok: true; workspaceId: string; workspaceName: string; reinstalled: boolean } | { ok: false; error: TSlackOAuthError };

export async function callback(
  db: TDb,
  config: TConfig,
  slack: TSlackApi,
  q: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  log: { warn: (o: object, m: string) => void },
  now: Date,
): Promise<TCallbackResult> {
  const { clientId, clientSecret } = config.slack;
  if (!clientId || !clientSecret) return { ok: false, error: 'config_error' };
  if (q.error) {
    if (q.state) await repo.consumeOauthState(db, sha256(q.state));
    return { ok: false, error: q.error === 'access_denied' ? 'access_denied' : 'invalid_request' };
  }
  if (!q.code || !q.state) return { ok: false, error: 'invalid_request' };
  const state = await repo.consumeOauthState(db, sha256(q.state));
  if (!state || state.expiresAt.getTime() <= now.getTime()) return { ok: false, error: 'invalid_state' };

  let access;
  try {
    access = await slack.oauthAccess({ clientId, clientSecret, code: q.code, redirectUri: redirectUri(config) });
  } catch (e) {
    log.warn({ slackError: (e as { slackError?: string }).slackError ?? 'unknown' }, 'slack oauth.v2.access failed');
    return { ok: false, error: 'token_exchange_failed' };
  }
  try {
    const sealed = encryptSecret(config.encryptionKey, access.accessToken);
    const existing = await repo.findWorkspaceByTeam(db, access.teamId);
    const common = {
      teamName: access.teamName,
      botUserId: access.botUserId,
      scopes: access.scopes,
      botTokenEnc: sealed,
      installedBy: state.userId,
      installerSlackUserId: access.authedUserId,
      status: 'active',
      disconnectedAt: null,
    };
    let id: string;
    let reinstalled = false;
    if (existing) {
      // A workspace belongs to one seed; moving it needs a disconnect first.
      if (existing.seedId !== state.seedId && existing.status === 'active') return { ok: false, error: 'workspace_already_installed' };
      await repo.updateWorkspace(db, existing.id, { ...common, seedId: state.seedId }, now);
      id = existing.id;
      reinstalled = true;
    } else {
      const row = await repo.insertWorkspace(db, {
        ...common,
        seedId: state.seedId,
        teamId: access.teamId,
        settings: { channels: [], language: 'ko', tone: 'polite', retentionDays: 90, monthlyTokenBudget: config.slack.monthlyTokenBudget },
      });
      id = row.id;
    }
    await writeAudit(db, {
      action: reinstalled ? 'slack.reinstalled' : 'slack.installed',
      actorId: state.userId,
      targetType: 'seed',
      targetId: state.seedId,
      metadata: { label: access.teamName, teamId: access.teamId },
    });
    return { ok: true, workspaceId: id, workspaceName: access.teamName, reinstalled };
  } catch (e) {
    if (e instanceof AppError) throw e;
    log.warn({ err: (e as Error).message }, 'slack workspace save failed');
    return { ok: false, error: 'workspace_save_failed' };
  }
}
