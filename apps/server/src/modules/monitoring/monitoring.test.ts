import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, dbKinds, freshDatabase, movableClock, type TTestApp } from '../../test/helpers.ts';
import type { TDatabase } from '../../db/client.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { databaseBackups, monitoringInstances } from '../../db/schema-monitoring.ts';
import { auditLog } from '../../db/schema.ts';
import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { reportOutside } from '../../lib/outside-services.ts';
import { monitoringOf } from './monitoring.module.ts';
import * as monitoring from './monitoring.service.ts';
import { ROW_COUNT_CAP, TABLES_CACHE_MS } from './database.service.ts';
import { countRowsUpTo } from './monitoring.repository.ts';

type TInstanceRow = { id: string; status: string; self: boolean };

for (const kind of dbKinds) {
  describe(`monitoring: instances (${kind})`, () => {
    const clock = movableClock(Date.parse('2026-11-27T03:00:00Z'));
    let database: TDatabase;
    let a: TTestApp;
    let b: TTestApp;
    beforeAll(async () => {
      database = await freshDatabase(kind);
      a = await createTestApp(kind, { database, now: clock.now, jobs: false });
      b = await createTestApp(kind, { database, now: clock.now, jobs: false });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await database?.close();
    });

    it('reports a killed instance gone within a minute, while the one answering stays up', async () => {
      const admin = await signedIn(a, { role: 'admin' });
      const get = async () => {
        const res = await api(a, admin.token)('GET', '/api/admin/monitoring/instances');
        expect(res.status).toBe(200);
        return res.body as { instances: TInstanceRow[]; goneAfterSeconds: number; readiness: { database: { kind: string; ready: boolean } } };
      };
      const idA = monitoringOf(a.app.ctx)!.instance.id;
      const idB = monitoringOf(b.app.ctx)!.instance.id;
      const first = await get();
      expect(first.goneAfterSeconds).toBe(45);
      expect(first.readiness.database).toMatchObject({ kind, ready: true });
      expect(first.instances.map((i) => [i.id, i.status, i.self]).sort()).toEqual(
        [
          [idA, 'up', true],
          [idB, 'up', false],
        ].sort(),
      );

      await b.close();
      clock.advance(30_000);
      expect((await get()).instances.find((i) => i.id === idB)?.status).toBe('up');
      clock.advance(16_000);
      // The schedule's heartbeat keeps the answering instance's row fresh (jobs: false here, so it is called directly).
      await monitoring.heartbeat(monitoringOf(a.app.ctx)!);
      const later = await get();
      expect(later.instances.find((i) => i.id === idB)?.status).toBe('gone');
      expect(later.instances.find((i) => i.id === idA)).toMatchObject({ status: 'up', self: true });
    });
  });

  describe(`monitoring: the database page never counts a whole table (${kind})`, () => {
    const clock = movableClock(Date.parse('2026-11-27T03:00:00Z'));
    let t: TTestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { now: clock.now, jobs: false });
    });
    afterAll(async () => t?.close());

    it('counts no table beyond the cap: statistics, else a count stopped at 100,001 rows ("100,000+"); the tables are read again after a minute', async () => {
      const admin = await signedIn(t, { role: 'admin' });
      const db = t.database.db;
      await db.execute(sql`create table big_probe (n integer)`);
      await db.execute(sql`insert into big_probe select generate_series(1, ${ROW_COUNT_CAP + 5})`);
      expect(await countRowsUpTo(db, 'big_probe', 10)).toBe(11);

      const statements: string[] = [];
      const execute = db.execute.bind(db);
      const spy = vi.spyOn(db, 'execute').mockImplementation(((query: SQL) => {
        statements.push(new PgDialect().sqlToQuery(query).sql.toLowerCase());
        return execute(query);
      }) as typeof db.execute);
      try {
        const probe = async () => {
          const res = await api(t, admin.token)('GET', '/api/admin/database');
          expect(res.status).toBe(200);
          expect(res.body.rowCounts).toBe('estimate');
          for (const m of res.body.modules) for (const tb of m.tables) if (tb.name === 'big_probe') return tb as { rows: number; rowsAtLeast?: boolean };
          return undefined;
        };
        const first = (await probe())!;
        // Whether the statistics already know the table depends on when they were last flushed: either figure is fine,
        // a count past the cap is not.
        if (first.rowsAtLeast) expect(first.rows).toBe(ROW_COUNT_CAP);
        else expect(first.rows).toBeGreaterThanOrEqual(ROW_COUNT_CAP);
        const counts = statements.filter((q) => q.includes('count('));
        expect(counts.length).toBeGreaterThan(0); // the empty tables of a fresh database have no statistics yet
        for (const q of counts) expect(q).toMatch(/limit \$\d+\) as bounded/);
        const reads = () => statements.filter((q) => q.includes('pg_total_relation_size')).length;
        expect(reads()).toBe(1);

        clock.advance(TABLES_CACHE_MS - 1_000);
        await probe();
        expect(reads()).toBe(1);
        clock.advance(1_000);
        await probe();
        expect(reads()).toBe(2);
      } finally {
        spy.mockRestore();
      }
    });
  });

  describe(`monitoring: the instances page reads without writing (${kind})`, () => {
    const clock = movableClock(Date.parse('2026-11-27T03:00:00Z'));
    let t: TTestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { now: clock.now, jobs: false });
    });
    afterAll(async () => t?.close());

    it("GET /instances neither rewrites the stored heartbeat nor resets the schedule's lag gauge", async () => {
      const admin = await signedIn(t, { role: 'admin' });
      const deps = monitoringOf(t.app.ctx)!;
      const stored = async () => (await t.database.db.select().from(monitoringInstances).where(eq(monitoringInstances.id, deps.instance.id)))[0];
      const before = await stored();
      expect(before).toBeDefined();
      let resets = 0;
      const reset = deps.lag.reset.bind(deps.lag);
      deps.lag.reset = () => {
        resets++;
        reset();
      };
      clock.advance(5_000);
      for (let i = 0; i < 3; i++) expect((await api(t, admin.token)('GET', '/api/admin/monitoring/instances')).status).toBe(200);
      const after = await stored();
      expect(after!.seenAt.toISOString()).toBe(before!.seenAt.toISOString());
      expect(after!.stats).toEqual(before!.stats);
      expect(resets).toBe(0);
      await monitoring.heartbeat(deps);
      expect(resets).toBe(1);
      expect((await stored())!.seenAt.toISOString()).toBe(clock.now().toISOString());
    });
  });

  describe(`monitoring: jobs, services, database (${kind})`, () => {
    const clock = movableClock(Date.parse('2026-11-27T03:00:00Z'));
    let t: TTestApp;
    let runs = 0;
    beforeAll(async () => {
      t = await createTestApp(kind, {
        now: clock.now,
        jobs: false,
        env: { SMTP_URL: 'smtp://127.0.0.1:1' },
        extend: (app) =>
          app.jobs.register('test.flaky', async () => {
            runs++;
            if (runs === 1) throw new Error('첫 시도는 실패');
          }),
      });
    });
    afterAll(async () => t?.close());

    it('lists a failed job with its error, and retrying it through the route runs it again (audited)', async () => {
      const admin = await signedIn(t, { role: 'admin' });
      const call = api(t, admin.token);
      const id = await t.app.jobs.enqueue(t.database.db, { kind: 'test.flaky', runAt: clock.now(), maxAttempts: 1 });
      expect(await t.app.jobs.runDue()).toBe(1);
      expect(runs).toBe(1);

      const listed = await call('GET', '/api/admin/monitoring/jobs');
      expect(listed.status).toBe(200);
      expect(listed.body.failed).toEqual([expect.objectContaining({ id, kind: 'test.flaky', error: '첫 시도는 실패', attempts: 1, maxAttempts: 1 })]);
      expect(listed.body.failedTotal).toBe(1);
      expect(listed.body.queues.find((q: { kind: string }) => q.kind === 'test.flaky')).toEqual({
        kind: 'test.flaky',
        due: 0,
        scheduled: 0,
        running: 0,
        failed24h: 1,
      });
      expect(listed.body.queues.find((q: { kind: string }) => q.kind === 'rooms.reminder')).toMatchObject({ due: 0 });
      expect(listed.body.schedules.map((s: { name: string }) => s.name)).toContain('monitoring.heartbeat');
      expect(await monitoring.failedJobCount(monitoringOf(t.app.ctx)!, new Date(clock.now().getTime() - 60_000))).toBe(1);

      const retried = await call('POST', `/api/admin/monitoring/jobs/${id}/retry`);
      expect(retried.status).toBe(200);
      expect(retried.body).toEqual({ id, kind: 'test.flaky', runAt: clock.now().toISOString() });
      expect((await call('POST', `/api/admin/monitoring/jobs/${id}/retry`)).status).toBe(409);
      expect((await call('POST', '/api/admin/monitoring/jobs/987654321/retry')).status).toBe(404);
      expect((await call('POST', '/api/admin/monitoring/jobs/abc/retry')).status).toBe(400);

      expect(await t.app.jobs.runDue()).toBe(1);
      expect(runs).toBe(2);
      const after = await call('GET', '/api/admin/monitoring/jobs');
      expect(after.body.failed).toEqual([]);
      const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'monitoring.job_retried'));
      expect(audit.map((r) => [r.actorId, r.targetId])).toEqual([[admin.id, String(id)]]);
    });

    it('refuses every monitoring and database route to a non-admin (403) and to no one signed in (401)', async () => {
      const member = await signedIn(t);
      for (const [method, url] of [
        ['GET', '/api/admin/monitoring/instances'],
        ['GET', '/api/admin/monitoring/services'],
        ['GET', '/api/admin/monitoring/jobs'],
        ['POST', '/api/admin/monitoring/jobs/1/retry'],
        ['GET', '/api/admin/database'],
      ] as const) {
        expect((await api(t, member.token)(method, url)).status, url).toBe(403);
        expect((await api(t)(method, url)).status, url).toBe(401);
      }
    });

    it("records the outside services' last success and failure, and tells configured from unconfigured", async () => {
      const admin = await signedIn(t, { role: 'admin' });
      const deps = monitoringOf(t.app.ctx)!;
      // The real mailer against a port nobody listens on.
      await expect(t.app.ctx.mailer.send({ to: 'a@example.com', subject: '제목', text: '본문', html: '', links: [] })).rejects.toThrow();
      reportOutside('slack', true);
      await deps.settled();
      const res = await api(t, admin.token)('GET', '/api/admin/monitoring/services');
      expect(res.status).toBe(200);
      const by = Object.fromEntries(res.body.services.map((s: { service: string }) => [s.service, s]));
      expect(Object.keys(by).sort()).toEqual(['google', 'kakao', 'llm', 'naver', 'nts', 'popbill', 'slack', 'smtp', 'toss']);
      expect(by.smtp).toMatchObject({ configured: true, failing: true, lastSuccessAt: null, lastFailureAt: clock.now().toISOString(), failuresInRow: 1 });
      expect(by.smtp.lastError).toMatch(/^ECONNECTION|^ESOCKET/);
      expect(by.smtp.lastError).not.toContain('127.0.0.1');
      expect(by.slack).toMatchObject({ configured: false, failing: false, lastSuccessAt: clock.now().toISOString() });
      expect(by.llm).toMatchObject({ configured: false, lastSuccessAt: null, lastFailureAt: null });
      expect((await monitoring.failingServices(deps)).map((s) => s.service)).toEqual(['smtp']);
    });

    it('describes the database: engine, tables by module with row counts, migrations, the last backup', async () => {
      const admin = await signedIn(t, { role: 'admin' });
      await t.database.db.insert(databaseBackups).values({ madeAt: clock.now(), file: '/backups/suite.dump', sizeBytes: 12_345, engine: kind });
      const res = await api(t, admin.token)('GET', '/api/admin/database');
      expect(res.status).toBe(200);
      const body = res.body;
      expect(body.engine).toBe(kind);
      expect(body.version).toMatch(/^\d+/);
      expect(body.rowCounts).toBe('estimate');
      const table = (name: string) => {
        for (const m of body.modules) for (const tb of m.tables) if (tb.name === name) return { module: m.module, ...tb };
        return undefined;
      };
      expect(table('users')?.module).toBe('core');
      expect(table('jobs')?.module).toBe('jobs');
      expect(table('monitoring_instances')?.module).toBe('monitoring');
      expect(table('database_backups')?.module).toBe('monitoring');
      expect(table('database_backups')?.rows).toBe(1);
      expect(table('users')!.sizeBytes).toBeGreaterThan(0);
      const names = body.migrations.map((m: { name: string }) => m.name);
      expect(names[0]).toMatch(/^0000_/);
      expect(names).toContain('0028_monitoring');
      expect(body.backup).toEqual({ madeAt: clock.now().toISOString(), file: '/backups/suite.dump', sizeBytes: 12_345, engine: kind });
      expect(body.pool === null).toBe(kind === 'pglite');
      if (kind === 'pglite') expect(body.slowStatements).toEqual({ available: false, statements: [] });
    });
  });
}
