/**
 * Decision 108: the queries that want a person's newest sessions walk the index that holds them newest first
 * (migration 0058) instead of reading every session the person kept and sorting them.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { NEWEST_SESSIONS_FIRST, sessionDevices } from './session.repository.ts';
import { registerConfirmed } from './testing/auth-test-kit.ts';

type TPlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: TPlanNode[] };
const nodes = (n: TPlanNode): TPlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

describe.each(dbKinds)('newest sessions first on %s', (kind) => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
  });
  afterAll(async () => t?.close());

  it('reads the ten newest of a person with many sessions from the index, in order, without a sort', async () => {
    const { user } = await registerConfirmed(t);
    const db = t.database.db;
    // 400 sessions, one a minute; every other one ended, as sign-ins past the limit end the oldest.
    await db.execute(sql`insert into auth_sessions (user_id, user_agent, ip, created_at, last_used_at, expires_at, revoked_at)
      select ${user.id}::uuid, 'agent ' || i, '10.0.0.' || (i % 250), timestamptz '2026-11-01' + i * interval '1 minute',
        timestamptz '2026-11-01' + i * interval '1 minute', timestamptz '2027-01-01', case when i % 2 = 0 then now() end
      from generate_series(1, 400) i`);
    await db.execute(sql`analyze auth_sessions`);
    const plan = async (order: SQL) => {
      const res = await db.execute(sql`explain (format json) select user_agent from auth_sessions where user_id = ${user.id}::uuid order by ${order} limit 10`);
      const row = (res as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
      const json = Object.values(row)[0];
      const doc = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: TPlanNode }[];
      return nodes(doc[0]!.Plan);
    };
    const ours = await plan(NEWEST_SESSIONS_FIRST);
    expect(ours.map((n) => n['Node Type'])).not.toContain('Sort');
    expect(ours.some((n) => n['Index Name'] === 'auth_sessions_user_created_idx')).toBe(true);
    // The plain `created_at desc` (NULLS FIRST) is an order the index cannot give: that one sorts.
    expect((await plan(sql`created_at desc`)).map((n) => n['Node Type'])).toContain('Sort');

    const devices = await sessionDevices(db, user.id, '00000000-0000-0000-0000-000000000000', 10);
    expect(devices.map((d) => d.userAgent)).toEqual(Array.from({ length: 10 }, (_, i) => `agent ${400 - i}`));
  });
});
