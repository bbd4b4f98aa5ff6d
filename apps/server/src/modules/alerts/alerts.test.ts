/**
 * Alert rules (issue 30): CRUD with the shared schema's Korean 400s and 403 for non-admins; an incident opens once
 * and resolves (one notice each); two instances evaluating at once open one incident and send one notice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createTestApp, dbKinds, freshDatabase, movableClock, type TTestApp } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { ko } from '@suite/shared';
import { alertsOf } from './alerts.module.ts';
import * as alerts from './alerts.service.ts';
import { signedWith, startReceiver, type TReceiver } from './testing/alerts-test-kit.ts';
import { startFakeSlack } from '../slack/testing/fake-slack.ts';
import { CLIENT, directWorkspace } from '../slack/testing/slack-test-kit.ts';

const v = ko.alerts.validation;
const rule = (over: Record<string, unknown> = {}) => ({
  name: '5xx 급증',
  kind: '5xx-rate',
  threshold: 20,
  windowMinutes: 5,
  channels: { mail: ['ops@example.com'] },
  ...over,
});

/** A job that fails for good at once (a kind nobody handles, one attempt): a real failed job for the failed-jobs rule. */
async function failJob(t: TTestApp) {
  await t.app.jobs.enqueue(t.database.db, { kind: 'alerts-test.nobody', runAt: t.app.ctx.now(), maxAttempts: 1 });
  await t.app.jobs.runDue();
}

/**
 * Two instances on one database and one shared state (Redis when REDIS_URL is set), as helpers' twoInstances makes
 * them, with ALLOW_PRIVATE_URLS so the outbound guard lets them reach the receiver on loopback.
 */
async function instancesAllowingLoopback(kind: 'pglite' | 'postgres', closers: (() => Promise<unknown>)[]) {
  const database = await freshDatabase(kind);
  closers.push(() => database.close());
  const env = { AUTH_SECRET: randomBytes(48).toString('base64url'), ENCRYPTION_KEY: randomBytes(32).toString('base64'), ALLOW_PRIVATE_URLS: 'true' };
  const state = { redisUrl: kind === 'postgres' ? process.env.REDIS_URL : undefined, prefix: `suite-test:${randomBytes(4).toString('hex')}:` };
  const instance = async () => {
    const t = await createTestApp(kind, { env, database, jobs: false, state });
    closers.push(t.close);
    return t;
  };
  const a = await instance();
  return { a, b: await instance() };
}

for (const kind of dbKinds) {
  describe(`alert rules (${kind})`, () => {
    let t: TTestApp;
    let admin: Awaited<ReturnType<typeof signedIn>>;
    beforeAll(async () => {
      t = await createTestApp(kind, { jobs: false });
      admin = await signedIn(t, { role: 'admin' });
    });
    afterAll(async () => t?.close());

    it('platform admins only: 401 without a token, 403 for a member on every route', async () => {
      const member = await signedIn(t);
      const as = api(t, member.token);
      const id = '00000000-0000-4000-8000-000000000000';
      expect((await api(t)('GET', '/api/admin/alerts')).status).toBe(401);
      expect((await as('GET', '/api/admin/alerts')).status).toBe(403);
      expect((await as('POST', '/api/admin/alerts', rule())).status).toBe(403);
      expect((await as('PATCH', `/api/admin/alerts/${id}`, { enabled: false })).status).toBe(403);
      expect((await as('DELETE', `/api/admin/alerts/${id}`)).status).toBe(403);
    });

    it('refuses bad rules with Korean messages (400), never a 500', async () => {
      const as = api(t, admin.token);
      const cases: [Record<string, unknown>, string][] = [
        [rule({ name: '' }), v.name],
        [rule({ kind: 'cpu' }), v.kind],
        [rule({ threshold: 150 }), v.thresholdPercent],
        [rule({ kind: 'failed-jobs', threshold: 1.5 }), v.thresholdCount],
        [rule({ windowMinutes: 0 }), v.window],
        [rule({ channels: {} }), v.noChannel],
        [rule({ channels: { mail: ['not-an-address'] } }), v.mail],
        [rule({ channels: { webhook: 'ftp://example.com/x' } }), v.webhook],
        [rule({ channels: { slack: { seedId: '00000000-0000-4000-8000-000000000000', channel: 'general!' } } }), v.slackChannel],
      ];
      for (const [body, message] of cases) {
        const res = await as('POST', '/api/admin/alerts', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error).toBe(message);
      }
      // The outbound guard: a loopback webhook is refused without ALLOW_PRIVATE_URLS.
      const local = await as('POST', '/api/admin/alerts', rule({ channels: { webhook: 'http://127.0.0.1:9/x' } }));
      expect(local.status).toBe(400);
      expect(local.body.error).toBe(ko.alerts.server.webhookBlocked);
      // Slack: the seed must have a connected workspace.
      const slack = await as('POST', '/api/admin/alerts', rule({ channels: { slack: { seedId: '00000000-0000-4000-8000-000000000000', channel: '#ops' } } }));
      expect(slack.status).toBe(400);
      expect(slack.body.error).toBe(ko.alerts.server.slackNotConnected);
      expect((await as('GET', '/api/admin/alerts')).body.rules).toEqual([]);
    });

    it('creates, lists, changes and deletes a rule; a PATCH is checked merged with the stored rule', async () => {
      const as = api(t, admin.token);
      const created = await as('POST', '/api/admin/alerts', rule());
      expect(created.status).toBe(201);
      expect(created.body.webhookSecret).toBeNull();
      const id = created.body.rule.id;
      expect(created.body.rule).toMatchObject({ name: '5xx 급증', kind: '5xx-rate', threshold: 20, windowMinutes: 5, enabled: true, firing: false });
      expect(created.body.rule.channels).toEqual({ mail: ['ops@example.com'], slack: null, webhook: null });

      const listed = await as('GET', '/api/admin/alerts');
      expect(listed.body.rules.map((r: { id: string }) => r.id)).toEqual([id]);
      expect(listed.body.incidents).toEqual([]);
      expect(listed.body.slackSeeds).toEqual([]);

      const patched = await as('PATCH', `/api/admin/alerts/${id}`, { threshold: 35, enabled: false });
      expect(patched.status).toBe(200);
      expect(patched.body.rule).toMatchObject({ threshold: 35, enabled: false, name: '5xx 급증' });
      const bad = await as('PATCH', `/api/admin/alerts/${id}`, { threshold: 500 });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe(v.thresholdPercent);
      expect((await as('PATCH', `/api/admin/alerts/${id}`, {})).body.error).toBe(v.nothingToUpdate);
      expect((await as('PATCH', `/api/admin/alerts/${id}`, { channels: { mail: [] } })).body.error).toBe(v.noChannel);
      // Switching to a count kind with the percent threshold still stored: the merged rule is what is checked.
      expect((await as('PATCH', `/api/admin/alerts/${id}`, { kind: 'failed-jobs' })).status).toBe(200);
      expect((await as('PATCH', `/api/admin/alerts/${id}`, { threshold: 2.5 })).body.error).toBe(v.thresholdCount);

      expect((await as('DELETE', `/api/admin/alerts/${id}`)).status).toBe(200);
      expect((await as('DELETE', `/api/admin/alerts/${id}`)).status).toBe(404);
      expect((await as('PATCH', `/api/admin/alerts/${id}`, { enabled: true })).status).toBe(404);
      expect((await as('PATCH', '/api/admin/alerts/not-a-uuid', { enabled: true })).status).toBe(400);
    });
  });

  describe(`alert incidents (${kind})`, () => {
    let receiver: TReceiver;
    const closers: (() => Promise<unknown>)[] = [];
    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(async () => {
      while (closers.length) await closers.pop()!();
      await receiver?.close();
    });

    it('an alert fires once for a 5xx burst and resolves (real requests through traffic recording, clock-driven)', async () => {
      const clock = movableClock(Date.parse('2026-11-26T03:00:30Z'));
      const t = await createTestApp(kind, {
        now: clock.now,
        jobs: false,
        listen: true,
        env: { ALLOW_PRIVATE_URLS: 'true' },
        extend: (app) => {
          app.get('/api/alerts-test/boom', async () => {
            throw new Error('boom');
          });
          app.get('/api/alerts-test/ok', async () => ({ ok: true }));
        },
      });
      closers.push(t.close);
      const deps = alertsOf(t.app.ctx)!;
      const admin = await signedIn(t, { role: 'admin' });
      const created = await api(t, admin.token)('POST', '/api/admin/alerts', rule({ threshold: 20, windowMinutes: 5, channels: { webhook: receiver.url } }));
      expect(created.status).toBe(201);
      const secret = created.body.webhookSecret as string;

      // Quiet traffic: nothing fires.
      for (let i = 0; i < 3; i++) expect((await fetch(`${t.origin}/api/alerts-test/ok`)).status).toBe(200);
      await t.app.traffic.flush();
      expect(await alerts.evaluate(deps)).toEqual({ opened: 0, resolved: 0 });

      // The burst: eight 500s over real HTTP.
      for (let i = 0; i < 8; i++) expect((await fetch(`${t.origin}/api/alerts-test/boom`)).status).toBe(500);
      await t.app.traffic.flush();
      expect(await alerts.evaluate(deps)).toEqual({ opened: 1, resolved: 0 });
      expect(await t.app.jobs.runDue()).toBe(1);
      await receiver.waitFor(1);
      expect(receiver.received[0]!.json.event).toBe('alert.opened');
      expect(signedWith(receiver.received[0]!, secret)).toBe(true);

      // While it lasts (one minute later, the burst still inside the window): no second notice.
      clock.advance(60_000);
      for (let i = 0; i < 2; i++) expect((await fetch(`${t.origin}/api/alerts-test/boom`)).status).toBe(500);
      await t.app.traffic.flush();
      expect(await alerts.evaluate(deps)).toEqual({ opened: 0, resolved: 0 });
      expect(await t.app.jobs.runDue()).toBe(0);
      const during = await api(t, admin.token)('GET', '/api/admin/alerts');
      expect(during.body.incidents).toHaveLength(1);
      expect(during.body.incidents[0]).toMatchObject({ ruleName: '5xx 급증', kind: '5xx-rate', resolvedAt: null, threshold: 20 });
      expect(during.body.incidents[0].detail).toMatch(/ 중 5xx 8건$/);
      expect(during.body.incidents[0].value).toBeGreaterThan(20);

      // The window passes without errors: resolved, one notice.
      clock.advance(6 * 60_000);
      expect((await fetch(`${t.origin}/api/alerts-test/ok`)).status).toBe(200);
      await t.app.traffic.flush();
      expect(await alerts.evaluate(deps)).toEqual({ opened: 0, resolved: 1 });
      expect(await t.app.jobs.runDue()).toBe(1);
      await receiver.waitFor(2);
      expect(receiver.received.map((r) => r.json.event)).toEqual(['alert.opened', 'alert.resolved']);
      expect(signedWith(receiver.received[1]!, secret)).toBe(true);
      expect(receiver.received[1]!.json.incident.resolvedAt).toBe(clock.now().toISOString());
      const after = await api(t, admin.token)('GET', '/api/admin/alerts');
      expect(after.body.incidents[0].resolvedAt).toBe(clock.now().toISOString());
      expect(after.body.rules[0].firing).toBe(false);
      expect(await alerts.evaluate(deps)).toEqual({ opened: 0, resolved: 0 });
      receiver.received.length = 0;
    });

    it("posts in a Slack channel of a seed's connected workspace (the fake Slack on loopback)", async () => {
      const slack = await startFakeSlack(CLIENT);
      closers.push(() => slack.close());
      const t = await createTestApp(kind, {
        jobs: false,
        env: { SLACK_API_URL: slack.apiUrl, SLACK_CLIENT_ID: CLIENT.clientId, SLACK_CLIENT_SECRET: CLIENT.clientSecret },
      });
      closers.push(t.close);
      const admin = await signedIn(t, { role: 'admin' });
      const ws = await directWorkspace({ t, slack, llm: null, close: t.close }, admin.token, { id: 'TALERTS1', name: '운영팀', botUserId: 'UBOT1' });
      const listed = await api(t, admin.token)('GET', '/api/admin/alerts');
      expect(listed.body.slackSeeds).toEqual([{ seedId: ws.seedId, teamName: '운영팀' }]);
      const created = await api(t, admin.token)(
        'POST',
        '/api/admin/alerts',
        rule({ name: '작업 실패', kind: 'failed-jobs', threshold: 1, windowMinutes: 60, channels: { slack: { seedId: ws.seedId, channel: '#ops' } } }),
      );
      expect(created.status).toBe(201);
      await failJob(t);
      expect(await alerts.evaluate(alertsOf(t.app.ctx)!)).toEqual({ opened: 1, resolved: 0 });
      expect(await t.app.jobs.runDue()).toBe(1);
      expect(slack.posts).toHaveLength(1);
      expect(slack.posts[0]!.channel).toBe('#ops');
      expect(slack.posts[0]!.text).toContain(ko.alerts.notice.openedSubject('작업 실패'));
    });

    it('two instances evaluating at once open one incident and send one notice', async () => {
      const { a, b } = await instancesAllowingLoopback(kind, closers);
      const admin = await signedIn(a, { role: 'admin' });
      const created = await api(a, admin.token)(
        'POST',
        '/api/admin/alerts',
        rule({ name: '작업 실패', kind: 'failed-jobs', threshold: 1, windowMinutes: 60, channels: { webhook: receiver.url } }),
      );
      expect(created.status).toBe(201);
      await failJob(a);

      const results = await Promise.all([alerts.evaluate(alertsOf(a.app.ctx)!), alerts.evaluate(alertsOf(b.app.ctx)!)]);
      expect(results.map((r) => r.opened).sort()).toEqual([0, 1]);
      await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
      await receiver.waitFor(1);
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.json.event).toBe('alert.opened');
      expect(signedWith(receiver.received[0]!, created.body.webhookSecret)).toBe(true);
      const listed = await api(b, admin.token)('GET', '/api/admin/alerts');
      expect(listed.body.incidents).toHaveLength(1);
      expect(listed.body.incidents[0]).toMatchObject({ ruleName: '작업 실패', resolvedAt: null, value: 1, threshold: 1 });
      expect(listed.body.rules[0].firing).toBe(true);
      // Evaluated again on both while the condition lasts: still one incident, no new notice.
      await Promise.all([alerts.evaluate(alertsOf(a.app.ctx)!), alerts.evaluate(alertsOf(b.app.ctx)!)]);
      expect(await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()])).toEqual([0, 0]);
      expect(receiver.received).toHaveLength(1);
      receiver.received.length = 0;
    });
  });
}
