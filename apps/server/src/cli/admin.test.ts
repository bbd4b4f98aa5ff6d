import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { openDatabase, type TDatabase } from '../db/client.ts';
import { auditLog, users } from '../db/schema.ts';
import { dbKinds, freshDatabase } from '../test/helpers.ts';
import { runAdminCommand } from './admin.ts';

const t = ko.console.cli;

async function addUser(db: TDatabase, email: string, role = 'user', deletedAt?: Date) {
  const [row] = await db.db
    .insert(users)
    .values({ email, fullName: '테스트', role, ...(deletedAt ? { deletedAt } : {}) })
    .returning();
  return row!;
}

const roleOf = async (db: TDatabase, email: string) => (await db.db.select().from(users).where(eq(users.email, email)))[0]?.role;

describe.each(dbKinds)('admin CLI on %s', (kind) => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('promotes by email (any case), audits it, and says so when there is nothing to do', async () => {
    const u = await addUser(database, 'promote.me@example.com');
    expect(await runAdminCommand(database.db, ['promote', 'Promote.Me@Example.com'])).toEqual({ code: 0, message: t.promoted('promote.me@example.com') });
    expect(await roleOf(database, u.email)).toBe('admin');
    expect(await runAdminCommand(database.db, ['promote', u.email])).toEqual({ code: 0, message: t.alreadyAdmin(u.email) });
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.targetId, u.id));
    expect(entry).toMatchObject({ action: 'admin.user_promoted', actorId: null, metadata: { via: 'cli', label: u.email } });
  });

  it('refuses unknown, deleted and malformed requests', async () => {
    await addUser(database, 'trashed@example.com', 'user', new Date());
    expect(await runAdminCommand(database.db, ['promote', 'nobody@example.com'])).toEqual({ code: 1, message: t.notFound('nobody@example.com') });
    expect((await runAdminCommand(database.db, ['promote', 'trashed@example.com'])).code).toBe(1);
    expect(await runAdminCommand(database.db, [])).toEqual({ code: 2, message: t.usage });
    expect(await runAdminCommand(database.db, ['delete', 'x@example.com'])).toEqual({ code: 2, message: t.usage });
  });

  it('demotes, but never the last active admin', async () => {
    const fresh = await freshDatabase(kind);
    try {
      const only = await addUser(fresh, 'only.admin@example.com', 'admin');
      await addUser(fresh, 'suspended.admin@example.com', 'admin').then((r) => fresh.db.update(users).set({ status: 'suspended' }).where(eq(users.id, r.id)));
      expect(await runAdminCommand(fresh.db, ['demote', only.email])).toEqual({ code: 1, message: ko.console.admin.lastAdmin });
      expect(await roleOf(fresh, only.email)).toBe('admin');
      await addUser(fresh, 'second.admin@example.com', 'admin');
      expect(await runAdminCommand(fresh.db, ['demote', only.email])).toEqual({ code: 0, message: t.demoted(only.email) });
      expect(await roleOf(fresh, only.email)).toBe('user');
      expect(await runAdminCommand(fresh.db, ['demote', only.email])).toEqual({ code: 0, message: t.notAdmin(only.email) });
    } finally {
      await fresh.close();
    }
  });
});

describe('npm run admin', () => {
  it('runs as a program against the configured database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'suite-cli-'));
    const db = await openDatabase({ dataDir });
    await addUser(db, 'cli.user@example.com');
    await db.close();
    const root = new URL('../../../../', import.meta.url).pathname;
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' };
    const ok = spawnSync(process.execPath, ['apps/server/src/cli/admin.ts', 'promote', 'cli.user@example.com'], { cwd: root, env, encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain(t.promoted('cli.user@example.com'));
    const bad = spawnSync(process.execPath, ['apps/server/src/cli/admin.ts'], { cwd: root, env, encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(t.usage);
    const check = await openDatabase({ dataDir });
    expect(await roleOf(check, 'cli.user@example.com')).toBe('admin');
    await check.close();
    // Three database openings and two child processes that each start PGlite: slow on a busy machine.
  }, 120_000);
});
