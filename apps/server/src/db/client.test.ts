import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { betaApplications } from './schema.ts';

describe('embedded database', () => {
  it('keeps data across a restart and re-applies migrations idempotently', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'suite-db-'));
    const first = await openDatabase({ dataDir: dir });
    await first.db.insert(betaApplications).values({ name: '김민수', email: 'minsu@example.com', service: 'slack-ai' });
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    const rows = await second.db.select().from(betaApplications);
    expect(rows.map((r) => r.name)).toEqual(['김민수']);
    await second.close();
  });

  it('has the extensions the services rely on (pg_trgm similarity, btree_gist exclusion on a scalar)', async () => {
    const d = await openDatabase({ dataDir: 'memory://' });
    const ext = (await d.db.execute(sql`SELECT extname FROM pg_extension ORDER BY extname`)) as unknown as { rows: { extname: string }[] };
    expect(ext.rows.map((r) => r.extname)).toEqual(expect.arrayContaining(['btree_gist', 'pg_trgm']));
    const sim = (await d.db.execute(sql`SELECT similarity('검색팀을', '검색팀') AS s`)) as unknown as { rows: { s: number }[] };
    expect(Number(sim.rows[0]?.s)).toBeGreaterThan(0.3);
    // `room WITH =` inside a GiST exclusion needs btree_gist: without it this CREATE TABLE fails.
    await d.exec('CREATE TABLE t_overlap (room int NOT NULL, during int4range NOT NULL, EXCLUDE USING gist (room WITH =, during WITH &&))');
    await d.exec("INSERT INTO t_overlap VALUES (1, '[1,3)'), (2, '[1,3)')");
    await expect(d.exec("INSERT INTO t_overlap VALUES (1, '[2,4)')")).rejects.toThrow(/exclusion|t_overlap/i);
    await d.close();
  });

  it('leaves room on the pages of users, so the sign-in update of last_login_at stays on its page (HOT)', async () => {
    const d = await openDatabase({ dataDir: 'memory://' });
    const opts = (await d.db.execute(sql`SELECT reloptions FROM pg_class WHERE relname = 'users'`)) as unknown as { rows: { reloptions: string[] | null }[] };
    expect(opts.rows[0]?.reloptions).toContain('fillfactor=90');
    await d.close();
  });
});
