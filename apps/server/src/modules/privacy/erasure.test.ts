import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { purgeDeletedUsers } from '../admin-users/purge.ts';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { DATA_MAP } from './data-map.ts';
import { foreignKeys } from './erasure.repository.ts';
import { eraseSubject, eraseSubjectIf, erasureOrder } from './erasure.service.ts';
import { subjectRows, type TSubject } from './subjects.repository.ts';
import { makePersonWithData, type TPerson } from './testing/people-kit.ts';

describe.each(dbKinds)('erasure by the data map (%s)', (kind) => {
  let t: TTestContext;
  let p: TPerson;
  let subject: TSubject;

  const deps = () => ({ db: t.database.db, log: t.app.log });
  const rows = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  /** The subject's rows per table, as the export finds them, with every column (to compare before and after). */
  async function snapshot(): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const entry of DATA_MAP) {
      const found = await subjectRows(t.database.db, entry, subject);
      if (found.length) out[entry.table] = JSON.stringify(found.map((r) => JSON.stringify(r)).sort());
    }
    return out;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    p = await makePersonWithData(t, { name: '지울사람' });
    await t.app.usage.flush();
    subject = { kind: 'user', userId: p.id, email: p.email };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("orders the map's tables children first by the database's own foreign keys, users last", async () => {
    const order = erasureOrder(DATA_MAP, await foreignKeys(t.database.db)).map((e) => e.table);
    expect([...order].sort()).toEqual(DATA_MAP.map((e) => e.table).sort());
    expect(order.at(-1)).toBe('users');
    const fks = (await foreignKeys(t.database.db)).filter((fk) => fk.child !== fk.parent && order.includes(fk.child) && order.includes(fk.parent));
    expect(fks.length).toBeGreaterThan(50);
    for (const fk of fks) expect(order.indexOf(fk.child), `${fk.child} before ${fk.parent}`).toBeLessThan(order.indexOf(fk.parent));
  });

  it('a failure at the last step (the users row) leaves nothing half erased', async () => {
    const before = await snapshot();
    expect(Object.keys(before).length).toBeGreaterThan(15);
    await t.database.exec(`
      CREATE FUNCTION refuse_user_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'still referenced' USING ERRCODE = '23503'; END $$;
      CREATE TRIGGER refuse_user_delete BEFORE UPDATE ON users FOR EACH ROW WHEN (OLD.id = '${p.id}') EXECUTE FUNCTION refuse_user_delete();`);
    try {
      const err = (await eraseSubject(deps(), subject).catch((e: unknown) => e)) as { cause?: { message?: string; code?: string } };
      expect(err.cause).toMatchObject({ message: 'still referenced', code: '23503' });
    } finally {
      await t.database.exec('DROP TRIGGER refuse_user_delete ON users; DROP FUNCTION refuse_user_delete();');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('does nothing when its precondition (checked inside the transaction) fails', async () => {
    const before = await snapshot();
    expect(await eraseSubjectIf(deps(), subject, async () => false)).toBeNull();
    expect(await snapshot()).toEqual(before);
  });

  it('deletes, anonymises and keeps as the map says, and counts what it did per table label', async () => {
    const before: Record<string, number> = {};
    for (const entry of DATA_MAP) before[entry.table] = (await subjectRows(t.database.db, entry, subject)).length;
    const counts = await eraseSubject(deps(), subject);
    expect(counts['회원 계정']).toBe(1);
    const labels = DATA_MAP.map((e) => e.label);
    for (const entry of DATA_MAP) {
      const after = (await subjectRows(t.database.db, entry, subject)).length;
      if (entry.erase?.kind === 'delete') {
        expect(after, entry.table).toBe(0);
        if (labels.filter((l) => l === entry.label).length === 1) expect(counts[entry.label] ?? 0, entry.table).toBe(before[entry.table]);
      }
      if (entry.erase?.kind === 'keep') expect(after, entry.table).toBe(before[entry.table]);
    }
    // Anonymised rows stay, without the person: their booking's attendee list and the audit rows about them.
    expect(await rows(sql`select 1 from audit_log where actor_id = ${p.id} or target_id = ${p.id}`)).toEqual([]);
    expect(await rows(sql`select 1 from room_bookings where attendees::text ilike ${`%${p.email}%`}`)).toEqual([]);
    // The account is a tombstone: the id stays for the rows others still need, nothing personal does.
    const [tomb] = await rows(sql`select * from users where id = ${p.id}`);
    expect(tomb).toMatchObject({
      email: `erased-${p.id}@erased.invalid`,
      full_name: '탈퇴한 사용자',
      phone: '',
      password_hash: null,
      google_sub: null,
      avatar_url: null,
      marketing_consent: false,
      email_verified: false,
      last_login_at: null,
      role: 'user',
      status: 'erased',
      deletion_scheduled_at: null,
      deleted_at: null,
    });
    for (const datum of [p.email, p.name, p.phone, p.phone.replace(/\D/g, '')]) expect(JSON.stringify(tomb)).not.toContain(datum);
    // Nobody else lost anything: the buddy still has their account and seed membership.
    expect(await rows(sql`select 1 from users where id = ${p.buddy.id}`)).toHaveLength(1);
  });

  it("the admin trash's purge erases the same way: rows naming the person by e-mail go too, their seed is handed on, a tombstone stays", async () => {
    const z = await makePersonWithData(t, { name: '휴지통사람' });
    await t.app.usage.flush();
    const now = t.app.ctx.now();
    await t.database.db.execute(sql`update users set deleted_at = ${new Date(now.getTime() - 31 * 86_400_000).toISOString()}::timestamptz where id = ${z.id}`);
    const mails = async () => rows(sql`select 1 from dev_outbox where lower(to_address) = ${z.email}`);
    expect((await mails()).length).toBeGreaterThan(0);
    expect(await purgeDeletedUsers(t.database.db, now, t.app.log)).toBe(1);
    expect(await mails()).toEqual([]);
    expect(await rows(sql`select 1 from beta_applications where lower(email) = ${z.email}`)).toEqual([]);
    expect(await rows(sql`select 1 from audit_log where actor_id = ${z.id} or target_id = ${z.id}`)).toEqual([]);
    expect(await rows(sql`select owner_id from seeds where id = ${z.seedId}`)).toEqual([{ owner_id: z.buddy.id }]);
    // The handed-on seed keeps the round Z hosted, the buddy's share and the ledger between them (naming the tombstone).
    expect(await rows(sql`select host_id from meals where id = ${z.mealId}`)).toEqual([{ host_id: z.id }]);
    expect((await rows(sql`select 1 from meal_ledger where from_user_id = ${z.buddy.id} and to_user_id = ${z.id}`)).length).toBeGreaterThan(0);
    expect(await rows(sql`select email, status, deleted_at from users where id = ${z.id}`)).toEqual([
      { email: `erased-${z.id}@erased.invalid`, status: 'erased', deleted_at: null },
    ]);
    expect(await purgeDeletedUsers(t.database.db, now, t.app.log)).toBe(0); // out of the trash for good
  });
});
