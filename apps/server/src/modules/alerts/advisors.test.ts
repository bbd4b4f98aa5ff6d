/**
 * Advisors (issue 30): each finding appears under its condition and disappears once it is fixed, on both databases.
 * Configuration goes in through createTestApp's env; state through the owning modules' tables.
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TTestApp } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { COMPANY_ENV } from '../../test-support/company-env.ts';
import { encryptSecret } from '../../lib/secret-box.ts';
import { totpFactors } from '../../db/schema-accounts.ts';
import { slackEvents } from '../../db/schema-slack.ts';
import { databaseBackups } from '../../db/schema-monitoring.ts';
import { movableClock } from '../../test/helpers.ts';
import * as slackRepo from '../slack/slack.repository.ts';
import * as apiRepo from '../api-builder/api-builder.repository.ts';
import { alertsOf } from './alerts.module.ts';

type TFinding = { id: string; severity: string; title: string; why: string; fix: string; detail: string | null };

async function advisors(t: TTestApp, token: string, headers: Record<string, string> = {}): Promise<TFinding[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/monitoring/advisors', headers: { authorization: `Bearer ${token}`, ...headers } });
  expect(res.statusCode).toBe(200);
  return res.json().findings;
}
const ids = (f: TFinding[]) => f.map((x) => x.id);

/** A loopback port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((r) => server.close(r));
  return port;
}

for (const kind of dbKinds) {
  describe(`advisors (${kind})`, () => {
    let t: TTestApp;
    let admin: Awaited<ReturnType<typeof signedIn>>;
    const extra: TTestApp[] = [];
    beforeAll(async () => {
      t = await createTestApp(kind, { jobs: false });
      admin = await signedIn(t, { role: 'admin' });
    });
    afterEach(async () => {
      while (extra.length) await extra.pop()!.close();
    });
    afterAll(async () => t?.close());

    it('platform admins only: 401 without a token, 403 for a member', async () => {
      const member = await signedIn(t);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/monitoring/advisors' })).statusCode).toBe(401);
      const res = await api(t, member.token)('GET', '/api/admin/monitoring/advisors');
      expect(res.status).toBe(403);
    });

    it('every finding says why it matters and how to fix it, in Korean', async () => {
      const findings = await advisors(t, admin.token);
      expect(findings.length).toBeGreaterThan(0);
      for (const f of findings) {
        expect(f.title).toMatch(/[가-힣]/);
        expect(f.why).toMatch(/[가-힣]/);
        expect(f.fix).toMatch(/[가-힣]/);
        expect(['critical', 'warning', 'info']).toContain(f.severity);
      }
    });

    it('TRUST_PROXY unset while requests carry X-Forwarded-For; not with TRUST_PROXY=1', async () => {
      expect(ids(await advisors(t, admin.token))).not.toContain('trust-proxy');
      await advisors(t, admin.token, { 'x-forwarded-for': '203.0.113.9' });
      expect(ids(await advisors(t, admin.token))).toContain('trust-proxy');

      const fixed = await createTestApp(kind, { jobs: false, env: { TRUST_PROXY: '1' } });
      extra.push(fixed);
      const a = await signedIn(fixed, { role: 'admin' });
      await advisors(fixed, a.token, { 'x-forwarded-for': '203.0.113.9' });
      expect(ids(await advisors(fixed, a.token))).not.toContain('trust-proxy');
    });

    it('X-Forwarded-For counts only from a loopback or private peer (a proxy), never from a public one', async () => {
      const own = await createTestApp(kind, { jobs: false });
      extra.push(own);
      const a = await signedIn(own, { role: 'admin' });
      const signedOut = (remoteAddress: string) =>
        own.app.inject({ method: 'GET', url: '/api/health', remoteAddress, headers: { 'x-forwarded-for': '198.51.100.7' } });
      await signedOut('93.184.216.34');
      expect(ids(await advisors(own, a.token))).not.toContain('trust-proxy');
      await signedOut('127.0.0.1');
      expect(ids(await advisors(own, a.token))).toContain('trust-proxy');
    });

    it('no SMTP_URL in production; gone with SMTP_URL', async () => {
      expect(ids(await advisors(t, admin.token))).not.toContain('smtp-missing');
      const prod = { NODE_ENV: 'production', APP_URL: 'https://tools.example.com', ...COMPANY_ENV };
      const bare = await createTestApp(kind, { jobs: false, env: prod });
      extra.push(bare);
      const a = await signedIn(bare, { role: 'admin' });
      await bare.database.db.insert(totpFactors).values({ userId: a.id, secretSealed: 'x', confirmedAt: new Date() });
      const found = (await advisors(bare, a.token)).find((f) => f.id === 'smtp-missing');
      expect(found?.severity).toBe('critical');
      expect(found?.fix).toContain('SMTP_URL');

      const withSmtp = await createTestApp(kind, { jobs: false, env: { ...prod, SMTP_URL: 'smtp://127.0.0.1:2525' } });
      extra.push(withSmtp);
      const b = await signedIn(withSmtp, { role: 'admin' });
      expect(ids(await advisors(withSmtp, b.token))).not.toContain('smtp-missing');
    });

    it('no backup in the last 24 h: none yet, then one 25 h old; gone after a fresh one', async () => {
      const clock = movableClock(Date.parse('2026-11-20T03:00:00Z'));
      const app = await createTestApp(kind, { jobs: false, now: clock.now });
      extra.push(app);
      const a = await signedIn(app, { role: 'admin' });
      const backup = (f: TFinding[]) => f.find((x) => x.id === 'backup-missing');
      expect(backup(await advisors(app, a.token))?.detail).toBe('기록된 백업이 없습니다.');
      const made = (at: number) =>
        app.database.db.insert(databaseBackups).values({ madeAt: new Date(at), file: '/backups/suite.dump', sizeBytes: 1024, engine: kind });
      await made(clock.now().getTime() - 25 * 3_600_000);
      expect(backup(await advisors(app, a.token))?.detail).toMatch(/^마지막 백업: /);
      await made(clock.now().getTime() - 3_600_000);
      expect(backup(await advisors(app, a.token))).toBeUndefined();
      clock.advance(24 * 3_600_000);
      expect(backup(await advisors(app, a.token))).toBeDefined();
    });

    it('a platform admin without a second factor, named; gone once they enrol one', async () => {
      const lone = await createTestApp(kind, { jobs: false });
      extra.push(lone);
      const a = await signedIn(lone, { role: 'admin' });
      const b = await signedIn(lone, { role: 'admin' });
      const found = (await advisors(lone, a.token)).find((f) => f.id === 'admin-no-second-factor');
      expect(found?.detail?.split(', ').sort()).toEqual([a.email, b.email].sort());
      await lone.database.db.insert(totpFactors).values({ userId: a.id, secretSealed: 'x', confirmedAt: new Date() });
      expect((await advisors(lone, a.token)).find((f) => f.id === 'admin-no-second-factor')?.detail).toBe(b.email);
      await lone.database.db.insert(totpFactors).values({ userId: b.id, secretSealed: 'x', confirmedAt: new Date() });
      expect(ids(await advisors(lone, a.token))).not.toContain('admin-no-second-factor');
    });

    it('the embedded database over the threshold without DATABASE_URL', async () => {
      const deps = alertsOf(t.app.ctx)!;
      const before = deps.embeddedDbLimitBytes;
      try {
        deps.embeddedDbLimitBytes = 1024;
        const found = (await advisors(t, admin.token)).find((f) => f.id === 'embedded-db-large');
        // On PostgreSQL the finding does not apply (it is about the embedded engine only).
        if (kind === 'postgres') expect(found).toBeUndefined();
        else expect(found?.detail).toMatch(/MB/);
        deps.embeddedDbLimitBytes = before;
        expect(ids(await advisors(t, admin.token))).not.toContain('embedded-db-large');
      } finally {
        deps.embeddedDbLimitBytes = before;
      }
    });

    it("a seed's API-builder connection that does not answer; gone once it is deleted", async () => {
      const seed = (await api(t, admin.token)('POST', '/api/seeds', { seed_name: '연결 점검 시드' })).body.data;
      const conn = await apiRepo.insertConnection(t.database.db, {
        seedId: seed.id,
        name: '꺼진 주문 DB',
        engine: 'postgres',
        host: '127.0.0.1',
        port: await closedPort(),
        database: 'orders',
        username: 'reader',
        passwordEnc: encryptSecret(t.config.encryptionKey, 'secret'),
      });
      const found = (await advisors(t, admin.token)).find((f) => f.id === 'api-builder-unreachable');
      expect(found?.detail).toContain('꺼진 주문 DB');
      await t.database.db.execute(sql`delete from api_connections where id = ${conn.id}`);
      expect(ids(await advisors(t, admin.token))).not.toContain('api-builder-unreachable');
    });

    it('a Slack workspace whose token Slack no longer takes; gone once it answers again', async () => {
      const seed = (await api(t, admin.token)('POST', '/api/seeds', { seed_name: '슬랙 점검 시드' })).body.data;
      const ws = await slackRepo.insertWorkspace(t.database.db, {
        seedId: seed.id,
        teamId: `T${Date.now().toString(36).toUpperCase()}`,
        teamName: '철회된 팀',
        botTokenEnc: encryptSecret(t.config.encryptionKey, 'xoxb-test'),
        settings: { channels: [], language: 'ko', tone: 'polite', retentionDays: 90, monthlyTokenBudget: 0 },
      });
      const at = Date.now();
      await t.database.db
        .insert(slackEvents)
        .values({ workspaceId: ws.id, eventId: `Ev${at}a`, kind: 'mention', status: 'failed', error: 'slack: invalid_auth', createdAt: new Date(at) });
      expect((await advisors(t, admin.token)).find((f) => f.id === 'slack-revoked')?.detail).toBe('철회된 팀');
      await t.database.db
        .insert(slackEvents)
        .values({ workspaceId: ws.id, eventId: `Ev${at}b`, kind: 'mention', status: 'answered', createdAt: new Date(at + 1000) });
      expect(ids(await advisors(t, admin.token))).not.toContain('slack-revoked');
    });
  });
}
