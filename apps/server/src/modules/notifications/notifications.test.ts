import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { koNotificationsUi } from '@suite/shared/messages/ko-notifications-ui';
import { NOTIFICATION_EVENT_NAMES } from '@suite/shared/schemas/notifications';
import { createTestApp, dbKinds, freshDatabase, movableClock, type TTestApp } from '../../test/helpers.ts';
import { eventStreamReader } from '../../test/event-stream-reader.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { call } from '../auth/testing/auth-test-kit.ts';
import { settleAfterResponse } from '../../lib/after-response.ts';
import { observeMailReservations } from '../../lib/mail-quota.ts';
import { notificationsOf } from './notifications.module.ts';
import { startFakeSlack } from '../slack/testing/fake-slack.ts';
import { CLIENT, directWorkspace } from '../slack/testing/slack-test-kit.ts';
import * as notifications from './notifications.service.ts';
import * as repo from './notifications.repository.ts';

const t9 = ko.notifications;
const tu = koNotificationsUi;
/** 2026-11-27 12:00 in Seoul (03:00 UTC): outside the default quiet hours (22:00–08:00). */
const NOON_SEOUL = Date.parse('2026-11-27T03:00:00Z');
let keys = 0;
const key = (p = 'k') => `${p}:${++keys}:${Date.now().toString(36)}`;

async function mailsTo(t: TTestApp, to: string): Promise<{ subject: string; text: string }[]> {
  await settleAfterResponse();
  return (await call(t, { url: `/dev/outbox?to=${encodeURIComponent(to)}&limit=500` })).body.messages;
}

function notice(userId: string, title = '점심 결제자가 정해졌습니다', extra: Partial<notifications.TNotifyInput> = {}): notifications.TNotifyInput {
  return { userId, title, body: `${title} — 본문`, link: '/admin/meal', dedupeKey: key(), ...extra };
}

for (const kind of dbKinds) {
  describe(`notification service (${kind})`, () => {
    const clock = movableClock(NOON_SEOUL);
    let t: TTestApp;
    let deps: NonNullable<ReturnType<typeof notificationsOf>>;
    beforeAll(async () => {
      t = await createTestApp(kind, { now: clock.now, jobs: false, env: { ALLOW_PRIVATE_URLS: 'true' } });
      deps = notificationsOf(t.app.ctx)!;
    });
    afterAll(async () => t?.close());

    it('lists every event with its defaults; quiet hours 22:00–08:00, no digest', async () => {
      const me = await signedIn(t);
      const res = await api(t, me.token)('GET', '/api/me/notification-preferences');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.events).sort()).toEqual([...NOTIFICATION_EVENT_NAMES].sort());
      expect(res.body.events['rooms.reminder']).toEqual({ inApp: true, mail: true, slack: false, webhook: false });
      expect(res.body.quietHours).toEqual({ start: '22:00', end: '08:00' });
      expect(res.body.digest).toBe(false);
      // The OpenAPI document lists the event names (the zod enum).
      const doc = JSON.stringify((await call(t, { url: '/api/openapi.json' })).body);
      expect(doc).toContain('/api/me/notification-preferences');
      expect(doc).toContain('"rooms.reminder"');
      expect(doc).toContain('"security.new-sign-in"');
    });

    it('a channel turned off for an event stops that channel only', async () => {
      const me = await signedIn(t);
      const put = await call(t, {
        method: 'PUT',
        url: '/api/me/notification-preferences',
        token: me.token,
        body: { events: { 'meal.drawn': { inApp: true, mail: false, slack: false, webhook: false } }, quietHours: null },
      });
      expect(put.status).toBe(200);
      expect(put.body.events['meal.drawn'].mail).toBe(false);
      expect(put.body.events['rooms.reminder'].mail).toBe(true);

      await notifications.notify(deps, 'meal.drawn', { ...notice(me.id, '결제자 추첨 결과'), seedId: null });
      await notifications.notify(deps, 'rooms.reminder', notice(me.id, '10분 뒤 회의'));
      await t.app.jobs.runDue();
      const subjects = (await mailsTo(t, me.email)).map((m) => m.subject);
      expect(subjects).toEqual([t9.mail.subject('10분 뒤 회의')]);
      // Both reach the inbox: only the mail of meal.drawn was switched off.
      const inbox = await api(t, me.token)('GET', '/api/me/notifications');
      expect(inbox.body.data.map((n: { title: string }) => n.title).sort()).toEqual(['10분 뒤 회의', '결제자 추첨 결과']);

      // The console off, mail on: the mail goes, the inbox does not show it.
      await call(t, {
        method: 'PUT',
        url: '/api/me/notification-preferences',
        token: me.token,
        body: { events: { 'meal.closed': { inApp: false, mail: true, slack: false, webhook: false } } },
      });
      await notifications.notify(deps, 'meal.closed', notice(me.id, '주문 마감'));
      await t.app.jobs.runDue();
      expect((await mailsTo(t, me.email)).map((m) => m.subject)).toContain(t9.mail.subject('주문 마감'));
      const after = await api(t, me.token)('GET', '/api/me/notifications');
      expect(after.body.data.map((n: { title: string }) => n.title)).not.toContain('주문 마감');
      expect(after.body.unread).toBe(2);
    });

    it('quiet hours hold a meal notice until they end, never a security notice; the digest folds held mail into one', async () => {
      const me = await signedIn(t);
      clock.advance(Date.parse('2026-11-27T14:30:00Z') - clock.now().getTime()); // 23:30 in Seoul
      try {
        await notifications.notify(deps, 'meal.closing-soon', notice(me.id, '주문 마감 10분 전'));
        await notifications.notify(deps, 'security.new-sign-in', notice(me.id, '새 기기에서 로그인'));
        await t.app.jobs.runDue();
        expect((await mailsTo(t, me.email)).map((m) => m.subject)).toEqual([t9.mail.subject('새 기기에서 로그인')]);
        const held = (await repo.listDeliveries(t.database.db, { status: 'held', channel: 'mail', limit: 100 })).filter((d) => d.userId === me.id);
        expect(held.map((d) => d.runAt.toISOString())).toEqual(['2026-11-27T23:00:00.000Z']); // 08:00 in Seoul
        // The inbox has both at once.
        expect((await api(t, me.token)('GET', '/api/me/notifications?unread=true')).body.unread).toBe(2);

        clock.advance(Date.parse('2026-11-27T23:00:01Z') - clock.now().getTime());
        await t.app.jobs.runDue();
        expect((await mailsTo(t, me.email)).map((m) => m.subject).sort()).toEqual(
          [t9.mail.subject('새 기기에서 로그인'), t9.mail.subject('주문 마감 10분 전')].sort(),
        );

        // Digest on: two notices in the night → one mail in the morning.
        const other = await signedIn(t);
        await call(t, { method: 'PUT', url: '/api/me/notification-preferences', token: other.token, body: { digest: true } });
        clock.advance(Date.parse('2026-11-28T14:00:00Z') - clock.now().getTime()); // 23:00 in Seoul
        await notifications.notify(deps, 'meal.drawn', notice(other.id, '추첨 결과'));
        await notifications.notify(deps, 'meal.unpaid-share', notice(other.id, '미정산 식사비'));
        await t.app.jobs.runDue();
        expect(await mailsTo(t, other.email)).toEqual([]);
        clock.advance(Date.parse('2026-11-28T23:00:00Z') - clock.now().getTime());
        await t.app.jobs.runDue();
        const mails = await mailsTo(t, other.email);
        expect(mails.map((m) => m.subject)).toEqual([t9.mail.digestSubject(2)]);
        expect(mails[0]!.text).toContain('추첨 결과');
        expect(mails[0]!.text).toContain('미정산 식사비');
      } finally {
        clock.advance(NOON_SEOUL + 3 * 86_400_000 - clock.now().getTime());
      }
    });

    it('a webhook delivery is POSTed with an HMAC-SHA256 signature; Slack is logged as not yet available', async () => {
      const me = await signedIn(t);
      const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];
      const server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          got.push({ headers: req.headers, body });
          res.end('ok');
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      try {
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
        await call(t, {
          method: 'PUT',
          url: '/api/me/notification-preferences',
          token: me.token,
          body: { events: { 'chatbot.handoff': { inApp: true, mail: false, slack: true, webhook: true } } },
        });
        const saved = await call(t, { method: 'PUT', url: '/api/me/notification-webhook', token: me.token, body: { url } });
        expect(saved.status).toBe(200);
        expect(saved.body).toMatchObject({ url, message: tu.server.webhookSaved });
        const secret = saved.body.secret as string;
        expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
        // The address is shown again, the secret never; at rest it is sealed, not stored as given.
        expect((await api(t, me.token)('GET', '/api/me/notification-webhook')).body).toEqual({ url });
        const stored = await repo.webhookOf(t.database.db, me.id);
        expect(stored?.secret).not.toContain(secret);
        await notifications.notify(deps, 'chatbot.handoff', notice(me.id, '상담원 연결 요청'));
        await t.app.jobs.runDue();
        expect(got).toHaveLength(1);
        const { headers, body } = got[0]!;
        const expected = `sha256=${createHmac('sha256', secret)
          .update(`${String(headers['x-suite-timestamp'])}.${body}`)
          .digest('hex')}`;
        expect(headers['x-suite-signature']).toBe(expected);
        expect(JSON.parse(body)).toMatchObject({ event: 'chatbot.handoff', title: '상담원 연결 요청' });
        const log = (await repo.listDeliveries(t.database.db, { limit: 100 })).filter((d) => d.userId === me.id);
        expect(Object.fromEntries(log.map((d) => [d.channel, d.status]))).toEqual({ inApp: 'sent', webhook: 'sent', slack: 'unavailable' });

        // Seed-scoped preferences do not hide the person's one address.
        const seed = (await api(t, me.token)('POST', '/api/seeds', { seed_name: '웹훅 팀' })).body.data as { id: string };
        await call(t, {
          method: 'PUT',
          url: `/api/me/notification-preferences?seedId=${seed.id}`,
          token: me.token,
          body: { events: { 'chatbot.handoff': { inApp: true, mail: false, slack: false, webhook: true } } },
        });
        await notifications.notify(deps, 'chatbot.handoff', { ...notice(me.id, '시드 상담 요청'), seedId: seed.id });
        await t.app.jobs.runDue();
        expect(got).toHaveLength(2);

        // Removed: the next webhook notice is logged as unavailable and nothing is POSTed.
        const removed = await api(t, me.token)('DELETE', '/api/me/notification-webhook');
        expect(removed.status).toBe(200);
        expect(removed.body.message).toBe(tu.server.webhookRemoved);
        expect((await api(t, me.token)('GET', '/api/me/notification-webhook')).body).toEqual({ url: null });
        const { noticeId } = await notifications.notify(deps, 'chatbot.handoff', notice(me.id, '세 번째 상담 요청'));
        await t.app.jobs.runDue();
        expect(got).toHaveLength(2);
        const third = (await repo.listDeliveries(t.database.db, { channel: 'webhook', limit: 100 })).find((d) => d.noticeId === noticeId);
        expect(third?.status).toBe('unavailable');
      } finally {
        await new Promise((r) => server.close(r));
      }
    });

    it("another person's preferences and notices cannot be read or changed", async () => {
      const a = await signedIn(t);
      const b = await signedIn(t);
      const { noticeId } = await notifications.notify(deps, 'rooms.released', notice(a.id, '예약이 자동 취소되었습니다'));
      const marked = await api(t, b.token)('POST', '/api/me/notifications/read', { ids: [noticeId] });
      expect(marked.status).toBe(200);
      expect(marked.body.marked).toBe(0);
      expect((await api(t, b.token)('GET', '/api/me/notifications')).body.data).toEqual([]);
      const mine = await api(t, a.token)('GET', '/api/me/notifications?unread=true');
      expect(mine.body.data.map((n: { id: string }) => n.id)).toEqual([noticeId]);
      expect((await api(t, b.token)('GET', `/api/me/notifications?cursor=${noticeId}`)).body.data).toEqual([]);

      // Seed-scoped settings only for the seed's members.
      const seed = (await api(t, a.token)('POST', '/api/seeds', { seed_name: '알림 팀' })).body.data as { id: string };
      const put = await call(t, {
        method: 'PUT',
        url: `/api/me/notification-preferences?seedId=${seed.id}`,
        token: a.token,
        body: { events: { 'meal.round-opened': { inApp: true, mail: true, slack: false, webhook: false } } },
      });
      expect(put.status).toBe(200);
      expect((await api(t, a.token)('GET', '/api/me/notification-preferences')).body.events['meal.round-opened'].mail).toBe(false);
      const other = await api(t, b.token)('GET', `/api/me/notification-preferences?seedId=${seed.id}`);
      expect(other.status).toBe(403);
      expect(other.body.error).toBe(t9.server.notMember);
      const change = await call(t, { method: 'PUT', url: `/api/me/notification-preferences?seedId=${seed.id}`, token: b.token, body: { digest: true } });
      expect(change.status).toBe(403);
      expect((await api(t, a.token)('GET', `/api/me/notification-preferences?seedId=${seed.id}`)).body.digest).toBe(false);

      // No request names another person: a body that tries is refused, a query that tries changes only the caller's own.
      const named = await call(t, { method: 'PUT', url: '/api/me/notification-preferences', token: b.token, body: { userId: a.id, digest: true } });
      expect(named.status).toBe(400);
      const viaQuery = await call(t, {
        method: 'PUT',
        url: `/api/me/notification-preferences?userId=${a.id}`,
        token: b.token,
        body: { events: { 'rooms.reminder': { inApp: true, mail: false, slack: false, webhook: false } }, digest: true },
      });
      expect(viaQuery.status).toBe(200);
      const aPrefs = (await api(t, a.token)('GET', '/api/me/notification-preferences')).body;
      expect(aPrefs.digest).toBe(false);
      expect(aPrefs.events['rooms.reminder'].mail).toBe(true);
      expect((await api(t, b.token)('GET', '/api/me/notification-preferences')).body.digest).toBe(true);
      const hookNamed = await call(t, {
        method: 'PUT',
        url: '/api/me/notification-webhook',
        token: b.token,
        body: { url: 'http://127.0.0.1:9/x', userId: a.id },
      });
      expect(hookNamed.status).toBe(400);
      expect((await api(t, a.token)('GET', '/api/me/notification-webhook')).body).toEqual({ url: null });

      // The operator's delivery log is for platform admins only.
      expect((await api(t, b.token)('GET', '/api/admin/notifications/deliveries')).status).toBe(403);
      const admin = await signedIn(t, { role: 'admin' });
      const log = await api(t, admin.token)('GET', '/api/admin/notifications/deliveries?channel=inApp');
      expect(log.status).toBe(200);
      expect(log.body.data.some((d: { noticeId: string }) => d.noticeId === noticeId)).toBe(true);
    });

    it('bad input is refused with a Korean 400', async () => {
      const me = await signedIn(t);
      const put = (body: unknown) => call(t, { method: 'PUT', url: '/api/me/notification-preferences', token: me.token, body });
      const locked = await put({ events: { 'security.password-changed': { inApp: true, mail: false, slack: false, webhook: false } } });
      expect(locked.status).toBe(400);
      expect(locked.body.error).toBe(t9.validation.securityLocked);
      const unknown = await put({ events: { 'rooms.nope': { inApp: true, mail: true, slack: false, webhook: false } } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toBe(t9.validation.event);
      const time = await put({ quietHours: { start: '25:00', end: '08:00' } });
      expect(time.status).toBe(400);
      expect(time.body.error).toBe(t9.validation.time);
      const same = await put({ quietHours: { start: '08:00', end: '08:00' } });
      expect(same.body.error).toBe(t9.validation.sameTimes);
      const ids = await api(t, me.token)('POST', '/api/me/notifications/read', { ids: [] });
      expect(ids.status).toBe(400);
      expect(ids.body.error).toBe(t9.validation.ids);
      const limit = await api(t, me.token)('GET', '/api/me/notifications?limit=1000');
      expect(limit.status).toBe(400);
      expect(limit.body.error).toBe(t9.validation.limit);
      const hook = (body: unknown) => call(t, { method: 'PUT', url: '/api/me/notification-webhook', token: me.token, body });
      for (const bad of [{ url: 'ftp://example.com/x' }, { url: 'https://user:pw@example.com/x' }, { url: 'example.com' }, { url: 42 }, {}]) {
        const res = await hook(bad);
        expect(res.status, JSON.stringify(bad)).toBe(400);
        expect(res.body.error, JSON.stringify(bad)).toBe(tu.validation.webhookUrl);
      }
      expect((await api(t, me.token)('GET', '/api/me/notification-webhook')).body).toEqual({ url: null });
      // Nothing was changed by the refused requests.
      const now = await api(t, me.token)('GET', '/api/me/notification-preferences');
      expect(now.body.quietHours).toEqual({ start: '22:00', end: '08:00' });
    });

    it('the inbox count updates over a real event stream', async () => {
      const live = await createTestApp(kind, { listen: true, jobs: false });
      try {
        const me = await signedIn(live);
        const liveDeps = notificationsOf(live.app.ctx)!;
        const ac = new AbortController();
        const res = await fetch(`${live.origin}/api/me/notifications/stream`, { headers: { authorization: `Bearer ${me.token}` }, signal: ac.signal });
        expect(res.status).toBe(200);
        const reader = res.body!.getReader();
        const decoder = new TextDecoder();
        let text = '';
        const readUntil = async (needle: string) => {
          while (!text.includes(needle)) {
            const { value, done } = await reader.read();
            if (done) break;
            text += decoder.decode(value);
          }
        };
        await readUntil('data: {"unread":0}');
        const { noticeId } = await notifications.notify(liveDeps, 'meal.round-opened', notice(me.id, '점심 라운드 시작'));
        await readUntil('data: {"unread":1}');
        const read = await fetch(`${live.origin}/api/me/notifications/read`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${me.token}` },
          body: JSON.stringify({ ids: [noticeId] }),
        });
        expect(read.status).toBe(200);
        text = '';
        await readUntil('data: {"unread":0}');
        expect(text).toContain('event: unread');
        ac.abort();
      } finally {
        await live.close();
      }
    }, 60_000);
  });

  describe(`notification delivery: Slack DM (${kind})`, () => {
    it("sends a Slack DM through the seed's connected workspace to the member with the account's address, once; without one it is logged failed with the reason", async () => {
      const slack = await startFakeSlack(CLIENT);
      const t = await createTestApp(kind, {
        jobs: false,
        now: movableClock(NOON_SEOUL).now,
        env: { SLACK_API_URL: slack.apiUrl, SLACK_CLIENT_ID: CLIENT.clientId, SLACK_CLIENT_SECRET: CLIENT.clientSecret },
      });
      try {
        const deps = notificationsOf(t.app.ctx)!;
        const owner = await signedIn(t);
        const ws = await directWorkspace({ t, slack, llm: null, close: t.close }, owner.token, { id: 'TNOTIFY1', name: '알림팀', botUserId: 'UBOT9' });
        slack.usersByEmail.set(owner.email.toLowerCase(), 'UOWNER1');
        await call(t, {
          method: 'PUT',
          url: `/api/me/notification-preferences?seedId=${ws.seedId}`,
          token: owner.token,
          body: { events: { 'meal.drawn': { inApp: true, mail: false, slack: true, webhook: false } } },
        });
        const sent = await notifications.notify(deps, 'meal.drawn', notice(owner.id, '점심 결제자', { seedId: ws.seedId }));
        expect(await t.app.jobs.runDue()).toBe(1);
        expect(await t.app.jobs.runDue()).toBe(0);
        const dms = slack.posts.filter((p) => p.channel === 'UOWNER1');
        expect(dms).toHaveLength(1);
        expect(dms[0]!.text).toContain('점심 결제자');
        const logged = (await repo.listDeliveries(t.database.db, { channel: 'slack', limit: 100 })).filter((d) => d.noticeId === sent.noticeId);
        expect(logged.map((d) => d.status)).toEqual(['sent']);

        // Someone of the seed without a Slack account at that address: nothing posted, the log says why.
        slack.usersByEmail.clear();
        const missed = await notifications.notify(deps, 'meal.drawn', notice(owner.id, '저녁 결제자', { seedId: ws.seedId }));
        expect(await t.app.jobs.runDue()).toBe(1);
        expect(slack.posts.filter((p) => p.channel === 'UOWNER1')).toHaveLength(1);
        const failed = (await repo.listDeliveries(t.database.db, { channel: 'slack', limit: 100 })).find((d) => d.noticeId === missed.noticeId);
        expect(failed).toMatchObject({ status: 'failed', lastError: 'no slack account with this email' });
      } finally {
        await t.close();
        await slack.close();
      }
    });
  });

  describe(`notification delivery: instances and quotas (${kind})`, () => {
    const closers: (() => Promise<unknown>)[] = [];
    afterAll(async () => {
      for (const c of closers.reverse()) await c();
    });

    it('a notice is delivered once although two instances run the jobs', async () => {
      const database = await freshDatabase(kind);
      closers.push(() => database.close());
      const clock = movableClock(NOON_SEOUL);
      const a = await createTestApp(kind, { database, jobs: false, now: clock.now });
      closers.push(a.close);
      const b = await createTestApp(kind, { database, jobs: false, now: clock.now });
      closers.push(b.close);
      const me = await signedIn(a);
      const depsA = notificationsOf(a.app.ctx)!;
      const depsB = notificationsOf(b.app.ctx)!;
      const input = notice(me.id, '보안: 비밀번호 변경');
      // The same notice raised on both instances (one dedupe key): stored once.
      const [first, second] = await Promise.all([
        notifications.notify(depsA, 'security.password-changed', input),
        notifications.notify(depsB, 'security.password-changed', input),
      ]);
      expect([first.duplicate, second.duplicate].sort()).toEqual([false, true]);
      await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue(), a.app.jobs.runDue(), b.app.jobs.runDue()]);
      expect((await mailsTo(a, me.email)).map((m) => m.subject)).toEqual([t9.mail.subject('보안: 비밀번호 변경')]);
      // A job run again (a lease that expired, a retry) finds the delivery sent and sends nothing.
      const [sent] = (await repo.listDeliveries(a.database.db, { channel: 'mail', limit: 10 })).filter((d) => d.userId === me.id);
      expect(sent?.status).toBe('sent');
      await notifications.deliver(depsB, sent!.id, 1);
      expect(await mailsTo(a, me.email)).toHaveLength(1);
    }, 90_000);

    it("a notice mail is charged once, when sent, to its seed's quota (never the recipient's); over it the delivery is held until the window frees", async () => {
      const clock = movableClock(NOON_SEOUL);
      const q = await createTestApp(kind, { jobs: false, now: clock.now, env: { MAIL_QUOTA_USER_HOURLY: '1', MAIL_QUOTA_SEED_HOURLY: '2' } });
      closers.push(q.close);
      const me = await signedIn(q);
      const deps = notificationsOf(q.app.ctx)!;
      const seedId = randomUUID();
      const seedKey = `rl:mail-quota:seed:${seedId}`;
      const observed: (string | null)[] = [];
      observeMailReservations(deps.limiter.state, (s, n) => observed.push(...Array<string | null>(n).fill(s)));
      for (const title of ['첫 회의', '둘째 회의', '셋째 회의']) await notifications.notify(deps, 'rooms.reminder', notice(me.id, title, { seedId }));
      // Nothing is charged by raising the notices; each sent mail once, on the seed (the recipient's own quota untouched).
      expect((await deps.limiter.state.peek(seedKey)).count).toBe(0);
      await q.app.jobs.runDue();
      expect(await mailsTo(q, me.email)).toHaveLength(2);
      expect((await deps.limiter.state.peek(seedKey)).count).toBe(2);
      expect((await deps.limiter.state.peek(`rl:mail-quota:user:${me.id}`)).count).toBe(0);
      expect(observed).toEqual([seedId, seedId]);
      const log = (await repo.listDeliveries(q.database.db, { channel: 'mail', limit: 10 })).filter((d) => d.userId === me.id);
      expect(log.map((d) => d.status).sort()).toEqual(['held', 'sent', 'sent']);
      const held = log.find((d) => d.status === 'held')!;
      expect(held.lastError).toBe('held by mail quota');
      expect(held.runAt.getTime()).toBeGreaterThan(clock.now().getTime());
      expect(held.runAt.getTime()).toBeLessThanOrEqual(clock.now().getTime() + 3_600_000);
      // Not due before the window frees; afterwards (the window reset, the clock past runAt) sent once.
      await q.app.jobs.runDue();
      expect(await mailsTo(q, me.email)).toHaveLength(2);
      await deps.limiter.state.reset(seedKey);
      clock.advance(held.runAt.getTime() - clock.now().getTime() + 1_000);
      await q.app.jobs.runDue();
      await q.app.jobs.runDue();
      expect((await mailsTo(q, me.email)).map((m) => m.subject).sort()).toEqual(['첫 회의', '둘째 회의', '셋째 회의'].map((x) => t9.mail.subject(x)).sort());
      expect((await repo.listDeliveries(q.database.db, { channel: 'mail', limit: 10 })).filter((d) => d.userId === me.id).map((d) => d.status)).toEqual([
        'sent',
        'sent',
        'sent',
      ]);
      expect((await deps.limiter.state.peek(seedKey)).count).toBe(1);
      expect(observed).toEqual([seedId, seedId, seedId]);
    }, 60_000);

    it("a security notice's mail goes out although the recipient's and the seed's mail quotas are spent", async () => {
      const clock = movableClock(NOON_SEOUL);
      const q = await createTestApp(kind, { jobs: false, now: clock.now, env: { MAIL_QUOTA_USER_HOURLY: '1', MAIL_QUOTA_SEED_HOURLY: '1' } });
      closers.push(q.close);
      const me = await signedIn(q);
      const deps = notificationsOf(q.app.ctx)!;
      const seedId = randomUUID();
      await deps.limiter.state.hit(`rl:mail-quota:user:${me.id}`, 3_600_000, 5);
      await deps.limiter.state.hit(`rl:mail-quota:seed:${seedId}`, 3_600_000, 5);
      await notifications.notify(deps, 'security.new-sign-in', notice(me.id, '새 기기에서 로그인'));
      await notifications.notify(deps, 'security.password-changed', notice(me.id, '비밀번호 변경', { seedId }));
      await q.app.jobs.runDue();
      expect((await mailsTo(q, me.email)).map((m) => m.subject).sort()).toEqual(
        [t9.mail.subject('비밀번호 변경'), t9.mail.subject('새 기기에서 로그인')].sort(),
      );
      expect((await repo.listDeliveries(q.database.db, { channel: 'mail', limit: 10 })).filter((d) => d.userId === me.id).map((d) => d.status)).toEqual([
        'sent',
        'sent',
      ]);
    }, 60_000);

    it('a failed mail delivery retried from the monitoring page is sent, once', async () => {
      const clock = movableClock(NOON_SEOUL);
      const q = await createTestApp(kind, { jobs: false, now: clock.now });
      closers.push(q.close);
      const admin = await signedIn(q, { role: 'admin' });
      const me = await signedIn(q);
      const deps = notificationsOf(q.app.ctx)!;
      const mailer = deps.mailer;
      deps.mailer = { ...mailer, send: async () => Promise.reject(new Error('smtp down')) };
      try {
        await notifications.notify(deps, 'rooms.reminder', notice(me.id, '재시도 회의'));
        for (let i = 0; i < 5; i++) {
          expect(await q.app.jobs.runDue()).toBe(1);
          clock.advance(3_600_000);
        }
        expect(await q.app.jobs.runDue()).toBe(0);
      } finally {
        deps.mailer = mailer;
      }
      const [failed] = (await repo.listDeliveries(q.database.db, { channel: 'mail', limit: 10 })).filter((d) => d.userId === me.id);
      expect(failed?.status).toBe('failed');
      const listed = await api(q, admin.token)('GET', '/api/admin/monitoring/jobs');
      const job = listed.body.failed.find((j: { kind: string }) => j.kind === notifications.DELIVER_KIND);
      expect(job).toBeTruthy();
      expect((await api(q, admin.token)('POST', `/api/admin/monitoring/jobs/${job.id}/retry`)).status).toBe(200);
      expect(await q.app.jobs.runDue()).toBe(1);
      expect((await mailsTo(q, me.email)).map((m) => m.subject)).toEqual([t9.mail.subject('재시도 회의')]);
      expect((await repo.listDeliveries(q.database.db, { channel: 'mail', limit: 10 })).find((d) => d.id === failed!.id)?.status).toBe('sent');
      // The job run again by hand (attempt 1 once more) finds the delivery sent: nothing is sent twice.
      await notifications.deliver(deps, failed!.id, 1);
      expect(await mailsTo(q, me.email)).toHaveLength(1);
      expect((await api(q, admin.token)('GET', '/api/admin/monitoring/jobs')).body.failed).toEqual([]);
    }, 60_000);

    it('a webhook address on a private, loopback or metadata host is refused by the outbound guard when saved', async () => {
      const g = await createTestApp(kind, { jobs: false });
      closers.push(g.close);
      const me = await signedIn(g);
      for (const url of ['http://127.0.0.1:8080/hook', 'http://[::1]/hook', 'http://169.254.169.254/latest', 'https://10.1.2.3/x', 'http://[::ffff:7f00:1]/']) {
        const res = await call(g, { method: 'PUT', url: '/api/me/notification-webhook', token: me.token, body: { url } });
        expect(res.status, url).toBe(400);
        expect(res.body.error, url).toBe(tu.server.webhookBlocked);
      }
      expect((await api(g, me.token)('GET', '/api/me/notification-webhook')).body).toEqual({ url: null });
    }, 60_000);

    it.runIf(Boolean(process.env.REDIS_URL))(
      'the unread count of a notice raised on one instance reaches a stream open on the other (REDIS_URL)',
      async () => {
        const database = await freshDatabase(kind);
        closers.push(() => database.close());
        const state = { redisUrl: process.env.REDIS_URL, prefix: `suite-test:${randomBytes(4).toString('hex')}:` };
        const a = await createTestApp(kind, { database, jobs: false, state, listen: true });
        closers.push(a.close);
        const b = await createTestApp(kind, { database, jobs: false, state });
        closers.push(b.close);
        const me = await signedIn(a);
        const ac = new AbortController();
        const res = await fetch(`${a.origin}/api/me/notifications/stream`, { headers: { authorization: `Bearer ${me.token}` }, signal: ac.signal });
        const { readUntil, text } = eventStreamReader(res);
        await readUntil('data: {"unread":0}');
        await notifications.notify(notificationsOf(b.app.ctx)!, 'api-builder.errors', notice(me.id, 'API 오류 급증'));
        await readUntil('data: {"unread":1}');
        expect(text()).toContain('event: unread');
        ac.abort();
      },
      90_000,
    );
  });
}
