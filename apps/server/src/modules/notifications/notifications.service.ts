/**
 * The notification service (issue 30, docs/decisions/051-notification-service.md): one `notify` that writes the
 * in-console notice and hands each enabled channel to the job runner; the preferences it reads; the inbox.
 *
 *   await notify(deps, 'meal.drawn', { userId, seedId, title, body, link: '/admin/meal/…', dedupeKey: `meal-drawn:${mealId}:${userId}` });
 *
 * - Never twice: the notice is unique per person and `dedupeKey`, each delivery unique per notice and channel, and a
 *   delivery is taken for sending by one conditional UPDATE (two instances running the job cannot both send it).
 * - Quiet hours (Asia/Seoul) hold the mail and webhook deliveries of non-urgent notices until they end (the job's
 *   runAt); urgent (security) notices never wait. With the digest on, held mail is folded into one mail at that time.
 * - Slack DMs are not wired yet: the delivery is logged as `unavailable`, never as sent.
 * - Mail quota (decision 057): a notice mail is counted when it is sent, once, on its seed's hourly quota (never on
 *   the recipient's own quota; callers do not reserve for notices). Over the seed's quota the delivery is `held` until
 *   the window frees; urgent (security) notices are never held.
 * - A job retried from the monitoring page (attempts back to 1) takes its `failed` deliveries again; `sent` never.
 */
import { ko, NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS, NOTIFICATION_EVENT_NAMES } from '@suite/shared';
import type {
  TChannelSwitches,
  TNotice,
  TNotificationChannel,
  TNotificationEvent,
  TNotificationPreferences,
  TNotificationPreferencesInput,
} from '@suite/shared/schemas/notifications';
import { AppError } from '../../lib/app-error.ts';
import { escapeHtml } from '../../lib/html.ts';
import { decryptSecret } from '../../lib/secret-box.ts';
import { countSentMail, seedMailWait } from '../../lib/mail-quota.ts';
import { findUserById } from '../auth/auth.service.ts';
import { roleInSeed } from '../seeds/seeds.service.ts';
import { inboxChannel, type TNotificationsDeps } from './notifications.deps.ts';
import * as repo from './notifications.repository.ts';
import { postWebhook } from './webhook.ts';

const t = ko.notifications;
export const DELIVER_KIND = 'notifications.deliver';
export const DIGEST_KIND = 'notifications.digest';
const MAX_ATTEMPTS = 5;
const LEASE_MS = 120_000;
const KEEP_DAYS = 90;
const DEFAULT_QUIET = { start: '22:00', end: '08:00' } as const;
const SEOUL_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

export type TNotifyInput = { userId: string; seedId?: string | null; title: string; body: string; link?: string | null; dedupeKey: string };
export type TNotifyResult = { noticeId: string | null; duplicate: boolean };

// ---------- preferences ----------

function defaultsOf(event: TNotificationEvent): TChannelSwitches {
  return { ...NOTIFICATION_EVENTS[event].defaults };
}

/** The full preferences from a stored row (or none): defaults for the events not changed, security always on. */
function resolve(row: repo.TPreferencesRow | undefined): TNotificationPreferences {
  const events = {} as Record<TNotificationEvent, TChannelSwitches>;
  for (const name of NOTIFICATION_EVENT_NAMES) {
    const stored = row?.events[name];
    const switches = defaultsOf(name);
    for (const c of NOTIFICATION_CHANNELS) if (typeof stored?.[c] === 'boolean') switches[c] = stored[c];
    if (NOTIFICATION_EVENTS[name].locked) Object.assign(switches, { inApp: true, mail: true });
    events[name] = switches;
  }
  const quietHours = !row ? { ...DEFAULT_QUIET } : row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null;
  return { events, quietHours, digest: row?.digest ?? false };
}

async function scopeOf(deps: TNotificationsDeps, userId: string, seedId: string | undefined): Promise<string> {
  if (!seedId) return '';
  // One scope per seed however the id is written (UUIDs are case-insensitive).
  const id = seedId.toLowerCase();
  if (!(await roleInSeed(deps.db, id, userId))) throw new AppError('FORBIDDEN', t.server.notMember);
  return id;
}

/** The caller's preferences: personal, or for one seed they belong to (the personal ones until they change them). */
export async function getPreferences(deps: TNotificationsDeps, userId: string, seedId?: string): Promise<TNotificationPreferences> {
  const scope = await scopeOf(deps, userId, seedId);
  return resolve(await repo.preferencesFor(deps.db, userId, scope || null));
}

export async function savePreferences(
  deps: TNotificationsDeps,
  userId: string,
  seedId: string | undefined,
  input: TNotificationPreferencesInput,
): Promise<TNotificationPreferences> {
  const scope = await scopeOf(deps, userId, seedId);
  return deps.db.transaction(async (tx) => {
    const current = resolve(await repo.preferencesFor(tx, userId, scope || null));
    const merged = { ...current.events, ...input.events } as Record<TNotificationEvent, TChannelSwitches>;
    // Only what differs from an event's defaults is stored: a later change of defaults reaches everyone else.
    const events: Record<string, TChannelSwitches> = {};
    for (const name of NOTIFICATION_EVENT_NAMES) {
      const d = defaultsOf(name);
      if (NOTIFICATION_CHANNELS.some((c) => merged[name][c] !== d[c])) events[name] = merged[name];
    }
    const quiet = input.quietHours === undefined ? current.quietHours : input.quietHours;
    await repo.savePreferences(tx, {
      userId,
      scope,
      events,
      quietStart: quiet?.start ?? null,
      quietEnd: quiet?.end ?? null,
      digest: input.digest ?? current.digest,
      updatedAt: deps.now(),
    });
    return resolve(await repo.findPreferences(tx, userId, scope));
  });
}

// ---------- quiet hours ----------

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** When the quiet hours that hold `now` end (Asia/Seoul, no daylight saving), or null outside them. */
export function quietUntil(now: Date, quiet: { start: string; end: string } | null): Date | null {
  if (!quiet) return null;
  const seoul = now.getTime() + SEOUL_OFFSET_MS;
  const midnight = seoul - (((seoul % DAY_MS) + DAY_MS) % DAY_MS);
  const m = Math.floor((seoul - midnight) / 60_000);
  const s = minutesOf(quiet.start);
  const e = minutesOf(quiet.end);
  const inside = s < e ? m >= s && m < e : m >= s || m < e;
  if (!inside) return null;
  let end = midnight + e * 60_000;
  if (end <= seoul) end += DAY_MS;
  return new Date(end - SEOUL_OFFSET_MS);
}

// ---------- notify ----------

async function publishUnread(deps: TNotificationsDeps, userId: string): Promise<void> {
  try {
    await deps.state.publish(inboxChannel(userId), JSON.stringify({ unread: await repo.unreadCount(deps.db, userId) }));
  } catch (err) {
    deps.log.warn({ err }, 'notifications: publish failed');
  }
}

/**
 * Writes the notice and one delivery per enabled channel, in one transaction with the jobs that send them. A second
 * call with the same `dedupeKey` for the same person does nothing (`duplicate: true`).
 */
export async function notify(deps: TNotificationsDeps, event: TNotificationEvent, input: TNotifyInput): Promise<TNotifyResult> {
  const spec = NOTIFICATION_EVENTS[event];
  const now = deps.now();
  const seedId = input.seedId?.toLowerCase() ?? null;
  const result = await deps.db.transaction(async (tx): Promise<TNotifyResult> => {
    const row = await repo.preferencesFor(tx, input.userId, seedId);
    const prefs = resolve(row);
    const on = prefs.events[event];
    if (!NOTIFICATION_CHANNELS.some((c) => on[c])) return { noticeId: null, duplicate: false };
    const notice = await repo.insertNotice(tx, {
      userId: input.userId,
      seedId,
      event,
      title: input.title,
      body: input.body,
      link: input.link ?? null,
      dedupeKey: input.dedupeKey,
      urgent: spec.urgent,
      inbox: on.inApp,
      createdAt: now,
    });
    if (!notice) return { noticeId: null, duplicate: true };
    const heldUntil = spec.urgent ? null : quietUntil(now, prefs.quietHours);
    const base = { noticeId: notice.id, userId: input.userId, event, createdAt: now };
    for (const channel of NOTIFICATION_CHANNELS) {
      if (!on[channel]) continue;
      if (channel === 'inApp') {
        await repo.insertDelivery(tx, { ...base, channel, status: 'sent', runAt: now, sentAt: now });
      } else if (channel === 'slack' && (!seedId || !deps.slack)) {
        // A Slack DM goes through a seed's connected workspace: a notice without a seed has none to go through.
        await repo.insertDelivery(tx, { ...base, channel, status: 'unavailable', runAt: now, lastError: 'no seed workspace' });
      } else if (channel === 'webhook' && !(await repo.webhookOf(tx, input.userId))) {
        await repo.insertDelivery(tx, { ...base, channel, status: 'unavailable', runAt: now, lastError: 'no webhook url' });
      } else {
        const runAt = heldUntil ?? now;
        const digest = channel === 'mail' && Boolean(heldUntil) && prefs.digest;
        const id = await repo.insertDelivery(tx, { ...base, channel, status: heldUntil ? 'held' : 'pending', runAt, digest });
        if (digest) {
          await deps.jobs.enqueue(tx, {
            kind: DIGEST_KIND,
            key: `notification-digest:${input.userId}`,
            payload: { userId: input.userId },
            runAt,
            maxAttempts: MAX_ATTEMPTS,
          });
        } else {
          await deps.jobs.enqueue(tx, { kind: DELIVER_KIND, key: `notification:${id}`, payload: { deliveryId: id }, runAt, maxAttempts: MAX_ATTEMPTS });
        }
      }
    }
    return { noticeId: notice.id, duplicate: false };
  });
  if (result.noticeId) await publishUnread(deps, input.userId);
  return result;
}

// ---------- delivery (job handlers) ----------

function absolute(deps: TNotificationsDeps, link: string | null): string | null {
  if (!link) return null;
  return /^https?:\/\//.test(link) ? link : `${deps.appUrl}${link.startsWith('/') ? '' : '/'}${link}`;
}

/** Raised when the person can no longer receive mail (deleted, suspended): failed at once, never retried. */
class RecipientGone extends Error {}

async function recipientOf(deps: TNotificationsDeps, userId: string): Promise<string> {
  const user = await findUserById(deps.db, userId);
  if (!user || user.deletedAt || user.status !== 'active') throw new RecipientGone('recipient gone');
  return user.email;
}

/** Runs one delivery job: sends unless another runner already did (then nothing). Throws to be retried. */
export async function deliver(deps: TNotificationsDeps, deliveryId: number, attempt: number): Promise<void> {
  // A job's first attempt that finds its delivery `failed` was retried from the monitoring page: it takes it again.
  const d = await repo.claimDelivery(deps.db, deliveryId, deps.now(), LEASE_MS, attempt === 1);
  if (!d) return;
  try {
    const n = d.notice;
    const link = absolute(deps, n.link);
    if (d.channel === 'mail') {
      const to = await recipientOf(deps, d.userId);
      const wait = await seedMailWait(deps.limiter, deps.mailQuotas, n.seedId, n.urgent);
      if (wait > 0) return await holdForQuota(deps, d.id, wait);
      const text = `${n.body}\n${link ? `\n${t.mail.open}: ${link}\n` : ''}\n${t.mail.footer}`;
      const html = `<p>${escapeHtml(n.body)}</p>${link ? `<p><a href="${escapeHtml(link)}">${t.mail.open}</a></p>` : ''}<p>${t.mail.footer}</p>`;
      await deps.mailer.send({ to, subject: t.mail.subject(n.title), text, html, links: link ? [link] : [] });
    } else if (d.channel === 'slack') {
      const to = await recipientOf(deps, d.userId);
      const outcome = n.seedId && deps.slack ? await deps.slack.dm(n.seedId, to, `*${n.title}*\n${n.body}${link ? `\n${link}` : ''}`) : 'no-workspace';
      if (outcome !== 'sent') {
        // Nobody to post to (the seed has no connected workspace, or the person has no Slack account with this address).
        await repo.markFailed(deps.db, [d.id], outcome === 'no-workspace' ? 'no connected slack workspace' : 'no slack account with this email', true);
        return;
      }
    } else if (d.channel === 'webhook') {
      const hook = await repo.webhookOf(deps.db, d.userId);
      if (!hook) throw new Error('no webhook url');
      const payload = { id: n.id, event: n.event, seedId: n.seedId, title: n.title, body: n.body, link, createdAt: n.createdAt.toISOString() };
      await postWebhook(hook.url, decryptSecret(deps.encryptionKey, hook.secret), payload, { allowPrivate: deps.allowPrivateUrls, now: deps.now() });
    } else {
      throw new Error(`channel ${d.channel} has no sender`);
    }
    await repo.markSent(deps.db, [d.id], deps.now());
  } catch (err) {
    const gone = err instanceof RecipientGone;
    await repo.markFailed(deps.db, [d.id], err instanceof Error ? err.message : String(err), gone || attempt >= MAX_ATTEMPTS);
    if (!gone) throw err;
    return;
  }
  if (d.channel === 'mail') await countMail(deps, d.notice.seedId);
}

/** Counts a sent mail once (seed quota, traffic's observer); a counting failure never marks the sent mail failed. */
async function countMail(deps: TNotificationsDeps, seedId: string | null): Promise<void> {
  await countSentMail(deps.limiter, seedId).catch((err: unknown) => deps.log.warn({ err }, 'notifications: mail not counted'));
}

/** Waits out the seed's spent mail quota: the delivery is `held` and a new job sends it when the window frees. */
async function holdForQuota(deps: TNotificationsDeps, deliveryId: number, waitMs: number): Promise<void> {
  const runAt = new Date(deps.now().getTime() + waitMs);
  await deps.db.transaction(async (tx) => {
    await repo.holdDelivery(tx, deliveryId, runAt, 'held by mail quota');
    await deps.jobs.enqueue(tx, { kind: DELIVER_KIND, key: `notification:${deliveryId}`, payload: { deliveryId }, runAt, maxAttempts: MAX_ATTEMPTS });
  });
}

/**
 * Runs a digest job: every held digest mail of the person that is due, in one mail (none left: nothing). The digest
 * is one mail a quiet-hours end at most, never held by quota; it is counted once, on the seed when all its notices
 * share one.
 */
export async function sendDigest(deps: TNotificationsDeps, userId: string, attempt: number): Promise<void> {
  const held = await repo.claimDigest(deps.db, userId, deps.now(), LEASE_MS, attempt === 1);
  if (!held.length) return;
  const ids = held.map((d) => d.id);
  try {
    const to = await recipientOf(deps, userId);
    const lines = held.map((d) => {
      const link = absolute(deps, d.notice.link);
      return { title: d.notice.title, body: d.notice.body, link };
    });
    const text = `${t.mail.digestIntro}\n\n${lines.map((l) => `• ${l.title}\n  ${l.body}${l.link ? `\n  ${l.link}` : ''}`).join('\n\n')}\n\n${t.mail.footer}`;
    const html =
      `<p>${t.mail.digestIntro}</p><ul>` +
      lines
        .map(
          (l) =>
            `<li><strong>${escapeHtml(l.title)}</strong><br>${escapeHtml(l.body)}${l.link ? `<br><a href="${escapeHtml(l.link)}">${t.mail.open}</a>` : ''}</li>`,
        )
        .join('') +
      `</ul><p>${t.mail.footer}</p>`;
    await deps.mailer.send({ to, subject: t.mail.digestSubject(held.length), text, html, links: lines.flatMap((l) => (l.link ? [l.link] : [])) });
    await repo.markSent(deps.db, ids, deps.now(), 'digested');
  } catch (err) {
    const gone = err instanceof RecipientGone;
    await repo.markFailed(deps.db, ids, err instanceof Error ? err.message : String(err), gone || attempt >= MAX_ATTEMPTS);
    if (!gone) throw err;
    return;
  }
  const seeds = new Set(held.map((d) => d.notice.seedId));
  await countMail(deps, seeds.size === 1 ? [...seeds][0]! : null);
}

/** The 90-day sweep of the inbox (deliveries go with their notice). */
export async function purgeOld(deps: TNotificationsDeps): Promise<number> {
  return repo.purgeBefore(deps.db, new Date(deps.now().getTime() - KEEP_DAYS * DAY_MS));
}

// ---------- inbox ----------

function toNotice(n: repo.TNoticeRow): TNotice {
  return {
    id: n.id,
    event: n.event as TNotificationEvent,
    seedId: n.seedId,
    title: n.title,
    body: n.body,
    link: n.link,
    read: n.readAt !== null,
    createdAt: n.createdAt.toISOString(),
  };
}

export async function inbox(
  deps: TNotificationsDeps,
  userId: string,
  q: { unread?: 'true' | 'false' | undefined; limit: number; cursor?: string | undefined },
) {
  const [rows, unread] = await Promise.all([
    repo.listNotices(deps.db, userId, { unread: q.unread === 'true', limit: q.limit + 1, cursor: q.cursor }),
    repo.unreadCount(deps.db, userId),
  ]);
  const page = rows.slice(0, q.limit);
  return { data: page.map(toNotice), unread, nextCursor: rows.length > q.limit ? page[page.length - 1]!.id : null };
}

export async function markRead(deps: TNotificationsDeps, userId: string, ids: string[]) {
  const marked = await repo.markRead(deps.db, userId, [...new Set(ids)], deps.now());
  const unread = await repo.unreadCount(deps.db, userId);
  if (marked) await publishUnread(deps, userId);
  return { message: t.server.marked(marked), marked, unread };
}

export async function unreadCount(deps: TNotificationsDeps, userId: string): Promise<number> {
  return repo.unreadCount(deps.db, userId);
}

export async function deliveries(deps: TNotificationsDeps, q: { status?: string | undefined; channel?: string | undefined; limit: number }) {
  const rows = await repo.listDeliveries(deps.db, q);
  return {
    data: rows.map((d) => ({
      id: d.id,
      noticeId: d.noticeId,
      userId: d.userId,
      event: d.event as TNotificationEvent,
      channel: d.channel as TNotificationChannel,
      status: d.status as 'sent',
      attempts: d.attempts,
      lastError: d.lastError,
      runAt: d.runAt.toISOString(),
      sentAt: d.sentAt?.toISOString() ?? null,
      createdAt: d.createdAt.toISOString(),
    })),
  };
}
