import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type TDatabase } from '../db/client.ts';
import { createTestApp, dbKinds, type TTestContext } from '../test/helpers.ts';
import { api, signedIn } from '../modules/admin-users/testing/console-test-kit.ts';
import { loginAs } from '../modules/auth/testing/auth-test-kit.ts';
import { seedWithRoom, stepAheadSameDay, iso } from '../modules/rooms/testing/rooms-test-kit.ts';
import { CLIENT, directWorkspace } from '../modules/slack/testing/slack-test-kit.ts';
import { startFakeSlack, type TFakeSlack } from '../modules/slack/testing/fake-slack.ts';
import { backupDatabase, restoreDatabase, type TBackupTarget } from './backup.ts';

const admin = process.env.TEST_DATABASE_URL;
const cliFile = new URL('./backup.ts', import.meta.url).pathname;

/** An empty target: a new data directory, or a new database with nothing in it. */
async function emptyTarget(kind: 'pglite' | 'postgres'): Promise<TBackupTarget & { drop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'suite-restore-'));
  if (kind === 'pglite') return { databaseUrl: undefined, dataDir, drop: async () => {} };
  const name = `suite_bk_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const url = Object.assign(new URL(admin!), { pathname: `/${name}` }).toString();
  return {
    databaseUrl: url,
    dataDir,
    drop: async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
}

const open = (target: TBackupTarget) => openDatabase({ url: target.databaseUrl, dataDir: target.dataDir });

/** An app on the target's database (closed with it) with in-process state. */
async function startApp(target: TBackupTarget, slack: TFakeSlack, secrets: Record<string, string>): Promise<TTestContext> {
  const database = await open(target);
  const t = await createTestApp(database.kind, { env: { SLACK_API_URL: slack.apiUrl, ...secrets }, database, state: { redisUrl: undefined } });
  return {
    ...t,
    close: async () => {
      await t.close();
      await database.close();
    },
  };
}

/** Every table of the database (migration journal included): row count and a digest of its rows. */
async function digest(database: TDatabase): Promise<Record<string, string>> {
  const rows = async (q: string) => ((await database.db.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] }).rows;
  const tables = await rows(
    `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [r] = await rows(`SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${String(name)} x`);
    out[String(name)] = `${String(r!.n)}:${String(r!.h)}`;
  }
  return out;
}

describe.each(dbKinds)('backup and restore on %s', (kind) => {
  let slack: TFakeSlack;
  let source: Awaited<ReturnType<typeof emptyTarget>>;
  let target: Awaited<ReturnType<typeof emptyTarget>>;
  const file = join(mkdtempSync(join(tmpdir(), 'suite-backup-')), kind === 'postgres' ? 'suite.dump' : 'suite.tar.gz');
  // The same secrets on both sides, as an operator restoring with the same configuration would have.
  const secrets = { AUTH_SECRET: randomBytes(48).toString('base64url'), ENCRYPTION_KEY: randomBytes(32).toString('base64') };
  let before: Record<string, string>;
  let made: { ownerEmail: string; seedId: string; bookingId: string; workspaceId: string; documentId: string; users: number };

  beforeAll(async () => {
    slack = await startFakeSlack(CLIENT);
    source = await emptyTarget(kind);
    target = await emptyTarget(kind);
    const t = await startApp(source, slack, secrets);
    try {
      const { owner, seedId, base } = await seedWithRoom(t);
      const rooms = await api(t, owner.token)('GET', `${base}/rooms`);
      const start = stepAheadSameDay(120, 30);
      const booking = await api(t, owner.token)('POST', `${base}/bookings`, {
        roomId: rooms.body.data[0].id,
        title: '백업 확인 회의',
        startsAt: iso(start),
        endsAt: iso(start, 30),
      });
      expect(booking.status).toBe(201);
      const other = await signedIn(t, { fullName: '박지식' });
      const workspace = await directWorkspace({ t, slack, llm: null, close: async () => {} }, other.token, {
        id: 'TBACKUP',
        name: '백업 팀',
        botUserId: 'UBK',
      });
      const doc = await api(t, other.token)('POST', `/api/slack/workspaces/${workspace.id}/documents`, {
        kind: 'text',
        title: '연차 규정',
        content: '연차는 입사 1년 후 15일이 주어집니다. 미사용 연차는 다음 해로 이월되지 않습니다.',
      });
      expect(doc.status).toBe(201);
      const users = await api(t, owner.token)('GET', '/api/me');
      expect(users.status).toBe(200);
      made = {
        ownerEmail: owner.email,
        seedId,
        bookingId: booking.body.data.id,
        workspaceId: workspace.id,
        documentId: doc.body.data.id,
        users: 3,
      };
    } finally {
      await t.close();
    }
    // After the close: the usage counters are written when the app stops.
    const database = await open(source);
    try {
      before = await digest(database);
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    await slack?.close();
    await source?.drop();
    await target?.drop();
  });

  it('backs up a populated instance and restores it into an empty one with every row', async () => {
    const b = await backupDatabase(source, file);
    expect(b.code, b.message).toBe(0);
    const r = await restoreDatabase(target, file, { force: false });
    expect(r.code, r.message).toBe(0);

    const restored = await open(target);
    try {
      expect(await digest(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
    const t = await startApp(target, slack, secrets);
    try {
      expect(before['public.users']).toMatch(new RegExp(`^${made.users}:`));
      // And the product finds them: the owner signs in with the old password and sees the seed, booking and document.
      const session = await loginAs(t, made.ownerEmail);
      const as = api(t, session.tokens.access_token);
      const seeds = await as('GET', '/api/seeds');
      expect(seeds.body.data.map((s: { id: string }) => s.id)).toContain(made.seedId);
      const range = `from=${encodeURIComponent(iso(new Date(Date.now() - 86_400_000)))}&to=${encodeURIComponent(iso(new Date(Date.now() + 7 * 86_400_000)))}`;
      const bookings = await as('GET', `/api/seeds/${made.seedId}/bookings?${range}`);
      expect(bookings.body.data.map((b: { id: string }) => b.id)).toContain(made.bookingId);
      const docs = await t.database.db.execute(sql`SELECT id FROM knowledge_sources WHERE slack_workspace_id = ${made.workspaceId}`);
      expect((docs as unknown as { rows: { id: string }[] }).rows.map((d) => d.id)).toContain(made.documentId);
    } finally {
      await t.close();
    }
  });

  it('refuses to restore over data unless forced', async () => {
    const cli = spawnSync(process.execPath, [cliFile, 'restore', file], {
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl ?? '', ...secrets },
      encoding: 'utf8',
    });
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain('--force');

    const forced = await restoreDatabase(target, file, { force: true });
    expect(forced.code, forced.message).toBe(0);
    if (kind === 'pglite') expect(readdirSync(target.dataDir).some((d) => d.startsWith('pglite.before-restore-'))).toBe(true);
    const database = await open(target);
    try {
      expect(await digest(database)).toEqual(before);
    } finally {
      await database.close();
    }
  });

  it('refuses a backup of the other database kind', async () => {
    const other = join(mkdtempSync(join(tmpdir(), 'suite-other-')), 'x');
    writeFileSync(other, kind === 'postgres' ? Buffer.from([0x1f, 0x8b, 0, 0, 0]) : Buffer.from('PGDMP...'));
    const r = await restoreDatabase(target, other, { force: true });
    expect(r.code).toBe(1);
    expect(existsSync(other)).toBe(true);
  });
});
