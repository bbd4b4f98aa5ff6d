/**
 * Digest settings and subscriptions (decision 087), from Slack (`/digest`, answered at once with an ephemeral text)
 * and from the console (seed members see them; owners and admins change the schedule; anyone subscribes themselves,
 * their Slack account found by their e-mail). In Slack, changing the schedule is for the workspace's admins and
 * owners (users.info) and the person who connected the app; subscribing is for anyone.
 */
import { ko } from '@suite/shared';
import { minuteOfTime, type TDigestChannel, type TDigestSettingsInput, ZDigestSettingsInput } from '@suite/shared/schemas/slack-digest';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TSharedState } from '../../state/shared-state.ts';
import { access } from './console.service.ts';
import { channelsOf } from './conversations-answer.ts';
import { excludedChannels } from './conversations-index.ts';
import { parseDigestCommand } from './digest-command.ts';
import { nextSlotAt } from './digest-schedule.ts';
import * as drepo from './digest.repository.ts';
import { channelLabel, isChannelMember } from './digest.service.ts';
import type { TSlackApi } from './slack-api.ts';
import { decryptSecret } from './slack-crypto.ts';
import * as repo from './slack.repository.ts';

const c = ko.slackDigest.command;
const sv = ko.slackDigest.server;

export type TSlashPayload = { teamId: string; channelId: string; channelName: string; userId: string; text: string };
type TCommandDeps = { db: TDb; config: TConfig; slack: TSlackApi; state: TSharedState; now: () => Date };

const scheduleOf = (s: Pick<drepo.TDigestSettingsRow, 'frequency' | 'weekday' | 'minuteOfDay'>) =>
  ko.slackDigest.schedule({ frequency: s.frequency as 'daily' | 'weekly' | 'off', weekday: s.weekday, minute_of_day: s.minuteOfDay });

/** Within Slack's 3 s: an admin check that does not answer in 1.5 s counts as "no". */
async function isAdmin(deps: TCommandDeps, ws: repo.TWorkspaceRow, user: string): Promise<boolean> {
  if (ws.installerSlackUserId && ws.installerSlackUserId === user) return true;
  const token = decryptSecret(deps.config.encryptionKey, ws.botTokenEnc!);
  const timeout = new Promise<boolean>((r) => setTimeout(() => r(false), 1_500).unref());
  return Promise.race([deps.slack.userIsAdmin(token, user).catch(() => false), timeout]);
}

/** A subscription never sets up a schedule: a new settings row is 'off' until an admin chooses a time. */
async function ensureSettings(db: TDb, wsId: string, channel: string, name: string, at: Date) {
  const cur = await drepo.findSettings(db, wsId, channel);
  if (!cur) return drepo.upsertSettings(db, wsId, channel, { channelName: name, frequency: 'off' }, at);
  await drepo.rememberChannelName(db, wsId, channel, name);
  return { ...cur, channelName: name || cur.channelName };
}

/** The ephemeral answer to one `/digest`. */
export async function handleSlashCommand(deps: TCommandDeps, p: TSlashPayload): Promise<string> {
  const cmd = parseDigestCommand(p.text);
  if (cmd.kind === 'help') return c.help;
  if (cmd.kind === 'error') return cmd.error === 'unknown' ? c.unknown(p.text.trim().slice(0, 80)) : c[cmd.error];
  const ws = await repo.findWorkspaceByTeam(deps.db, p.teamId);
  if (!ws || ws.status !== 'active' || !ws.botTokenEnc) return c.notConnected;
  if (!/^[CG]/.test(p.channelId)) return c.notInChannel;
  const label = channelLabel(p.channelId, p.channelName);
  const excluded = ws.settings.channels.length > 0 && !ws.settings.channels.includes(p.channelId);
  const hint = async () => (excluded ? `\n${c.channelExcluded}` : (await drepo.hasMirrored(deps.db, ws.id, p.channelId)) ? '' : `\n${c.inviteHint}`);
  const at = deps.now();
  if (cmd.kind === 'status') {
    const s = await drepo.findSettings(deps.db, ws.id, p.channelId);
    if (!s) return `${c.notSetUp(label)}${await hint()}`;
    const subs = await drepo.subscribers(deps.db, ws.id, p.channelId);
    const text = c.status({
      channel: label,
      schedule: scheduleOf(s),
      postToChannel: s.postToChannel,
      subscribers: subs.length,
      subscribed: subs.some((x) => x.slackUserId === p.userId),
    });
    return `${text}${await hint()}`;
  }
  if (cmd.kind === 'subscribe') {
    if (excludedChannels(ws).includes(p.channelId)) return sv.channelExcluded;
    const token = decryptSecret(deps.config.encryptionKey, ws.botTokenEnc);
    if (!(await isChannelMember(deps, ws, token, p.userId, p.channelId))) return c.notMember;
    const s = await ensureSettings(deps.db, ws.id, p.channelId, p.channelName, at);
    if (!(await drepo.subscribe(deps.db, ws.id, p.channelId, p.userId))) return c.alreadySubscribed;
    return `${s.frequency === 'off' ? c.subscribedOff(label) : c.subscribed(label, scheduleOf(s))}${await hint()}`;
  }
  if (cmd.kind === 'unsubscribe') return (await drepo.unsubscribe(deps.db, ws.id, p.channelId, p.userId)) ? c.unsubscribed(label) : c.notSubscribed;
  if (!(await isAdmin(deps, ws, p.userId))) return c.adminsOnly;
  const name = p.channelName ? { channelName: p.channelName } : {};
  if (cmd.kind === 'off') {
    await drepo.upsertSettings(deps.db, ws.id, p.channelId, { ...name, frequency: 'off' }, at);
    return c.turnedOff(label);
  }
  if (cmd.kind === 'post') {
    await drepo.upsertSettings(deps.db, ws.id, p.channelId, { ...name, postToChannel: cmd.on }, at);
    return `${cmd.on ? c.postOn(label) : c.postOff(label)}${await hint()}`;
  }
  const cur = await drepo.findSettings(deps.db, ws.id, p.channelId);
  // A schedule set in the channel for the first time posts in the channel; later ones keep the delivery chosen.
  const postToChannel = cur ? cur.postToChannel : true;
  const s = await drepo.upsertSettings(
    deps.db,
    ws.id,
    p.channelId,
    { ...name, frequency: cmd.frequency, weekday: cmd.weekday, minuteOfDay: cmd.minuteOfDay, postToChannel },
    at,
  );
  return `${c.scheduleSet(label, scheduleOf(s), s.postToChannel)}${await hint()}`;
}

// ── Console ──

type TConsoleDeps = { db: TDb; config: TConfig; slack: TSlackApi; state: TSharedState; now: () => Date };
type TUser = { id: string; email: string };

const DEFAULTS = { frequency: 'daily', weekday: 5, minuteOfDay: 18 * 60, postToChannel: false, channelName: '' } as const;

async function mySlackId(deps: TConsoleDeps, token: string, email: string): Promise<string | null> {
  return deps.slack.lookupByEmail(token, email).catch(() => null);
}

export async function listDigestChannels(deps: TConsoleDeps, user: TUser, workspaceId: string): Promise<{ data: TDigestChannel[]; can_manage: boolean }> {
  const a = await access(deps.db, workspaceId, user.id);
  const ws = a.ws;
  const [settings, mirrored, subs, runs] = await Promise.all([
    drepo.settingsOfWorkspace(deps.db, ws.id),
    drepo.mirroredChannels(deps.db, ws.id),
    drepo.subscribers(deps.db, ws.id),
    drepo.lastRuns(deps.db, ws.id),
  ]);
  const token = ws.status === 'active' && ws.botTokenEnc ? decryptSecret(deps.config.encryptionKey, ws.botTokenEnc) : null;
  const me = token ? await mySlackId(deps, token, user.email) : null;
  const ids = [...new Set(subs.map((s) => s.slackUserId))].slice(0, 30);
  const names = new Map(await Promise.all(ids.map(async (id) => [id, token ? await deps.slack.userName(token, id).catch(() => null) : null] as const)));
  const byChannel = new Map(settings.map((s) => [s.channel, s]));
  const canManage = a.role === 'owner' || a.role === 'admin';
  // Owners and admins see every channel's settings; a member only the channels Slack says they are in (a private
  // channel's id and name are not theirs to know), and not the ones excluded from conversations.
  const visible = canManage ? null : await myChannels(deps, ws, token, me);
  const channels = [...new Set([...settings.map((s) => s.channel), ...mirrored])].filter((ch) => !visible || visible.has(ch)).sort();
  const now = deps.now();
  const data = channels.map((channel): TDigestChannel => {
    const s = byChannel.get(channel) ?? { ...DEFAULTS, channel };
    const run = runs.find((r) => r.channel === channel);
    const mine = subs.filter((x) => x.channel === channel);
    const next = nextSlotAt({ frequency: s.frequency as 'daily' | 'weekly' | 'off', weekday: s.weekday, minuteOfDay: s.minuteOfDay }, now);
    return {
      channel,
      channel_name: s.channelName,
      frequency: s.frequency as TDigestChannel['frequency'],
      weekday: s.weekday,
      time: ko.slackDigest.hhmm(s.minuteOfDay),
      post_to_channel: s.postToChannel,
      configured: byChannel.has(channel),
      subscribers: mine.map((x) => ({ slack_user_id: x.slackUserId, name: names.get(x.slackUserId) ?? null })),
      subscribed: me ? mine.some((x) => x.slackUserId === me) : null,
      next_at: next && byChannel.has(channel) ? next.toISOString() : null,
      last_run: run
        ? { period_key: run.periodKey, status: run.status, mode: run.mode, message_count: run.messageCount, at: (run.sentAt ?? run.claimedAt).toISOString() }
        : null,
    };
  });
  return { data, can_manage: canManage };
}

async function myChannels(deps: TConsoleDeps, ws: repo.TWorkspaceRow, token: string | null, me: string | null): Promise<Set<string>> {
  if (!token || !me) return new Set();
  const excluded = new Set(excludedChannels(ws));
  const mine = (await channelsOf(deps.state, deps.slack, ws, token, me)) ?? [];
  return new Set(mine.filter((c) => !excluded.has(c.id)).map((c) => c.id));
}

export async function updateDigestChannel(deps: TConsoleDeps, user: TUser, workspaceId: string, channel: string, input: TDigestSettingsInput) {
  const a = await access(deps.db, workspaceId, user.id, { manage: true });
  if (a.ws.status !== 'active') throw new AppError('CONFLICT', sv.workspaceInactive);
  const v = ZDigestSettingsInput.parse(input);
  await drepo.upsertSettings(
    deps.db,
    a.ws.id,
    channel,
    { frequency: v.frequency, weekday: v.weekday, minuteOfDay: minuteOfTime(v.time), postToChannel: v.post_to_channel },
    deps.now(),
  );
  return oneChannel(deps, user, workspaceId, channel);
}

export async function setMySubscription(deps: TConsoleDeps, user: TUser, workspaceId: string, channel: string, on: boolean) {
  const a = await access(deps.db, workspaceId, user.id);
  if (a.ws.status !== 'active' || !a.ws.botTokenEnc) throw new AppError('CONFLICT', sv.workspaceInactive);
  const token = decryptSecret(deps.config.encryptionKey, a.ws.botTokenEnc);
  const me = await mySlackId(deps, token, user.email);
  if (!me) throw new AppError('CONFLICT', sv.noSlackAccount);
  if (on) {
    // Subscribing is reading the channel: only its members, and never a channel excluded from conversations.
    if (excludedChannels(a.ws).includes(channel)) throw new AppError('FORBIDDEN', sv.channelExcluded);
    if (!(await isChannelMember(deps, a.ws, token, me, channel))) throw new AppError('FORBIDDEN', sv.notMember);
    await ensureSettings(deps.db, a.ws.id, channel, '', deps.now());
    await drepo.subscribe(deps.db, a.ws.id, channel, me);
  } else await drepo.unsubscribe(deps.db, a.ws.id, channel, me);
  return oneChannel(deps, user, workspaceId, channel);
}

async function oneChannel(deps: TConsoleDeps, user: TUser, workspaceId: string, channel: string): Promise<TDigestChannel> {
  const { data } = await listDigestChannels(deps, user, workspaceId);
  // Unsubscribed from a channel they no longer see: nothing of it is shown.
  return (
    data.find((d) => d.channel === channel) ?? {
      ...{ channel, channel_name: '', frequency: 'off', weekday: DEFAULTS.weekday, time: ko.slackDigest.hhmm(DEFAULTS.minuteOfDay) },
      ...{ post_to_channel: false, configured: false, subscribers: [], subscribed: false, next_at: null, last_run: null },
    }
  );
}
