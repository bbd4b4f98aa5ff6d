/**
 * A pending account deletion blocks owning a seed (the erasure skips seed owners, so the deletion would silently never
 * happen): creating one, or receiving one by transfer, answers 409 in Korean and changes nothing. An owner who is due
 * anyway (a seed made before the rule) is told once per deletion date by mail that the deletion waits for the seeds.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { call, GOOD_PASSWORD, loginAs, outbox } from '../auth/testing/auth-test-kit.ts';
import { eraseDueAccounts, remindWaitingOwners } from '../privacy/deletion.service.ts';
import type { TPrivacyDeps } from '../privacy/privacy.deps.ts';
import { addMember } from './seeds.repository.ts';

const d = ko.privacy.deletion;

describe.each(dbKinds)('a pending deletion and owning a seed (%s)', (kind) => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const rows = async (q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
  /** Asks for the deletion as the person does (password), then signs in again: the deletion stays pending. */
  async function pendingDeletion(person: { email: string; token: string }): Promise<string> {
    const res = await call(t, { method: 'DELETE', url: '/api/me', token: person.token, body: { password: GOOD_PASSWORD } });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    return (await loginAs(t, person.email)).tokens.access_token;
  }
  const seedCount = async (userId: string) => Number((await rows(sql`select count(*)::int as n from seeds where owner_id = ${userId}`))[0]!.n);

  it('refuses to create a seed while the deletion is pending; after cancelling it works', async () => {
    const p = await signedIn(t, { fullName: '떠날사람' });
    const token = await pendingDeletion(p);
    const refused = await api(t, token)('POST', '/api/seeds', { seed_name: '새 가게' });
    expect(refused).toMatchObject({ status: 409, body: { code: 'PRIVACY_DELETION_PENDING', error: d.seedCreatePending } });
    expect(await seedCount(p.id)).toBe(0);

    expect((await call(t, { method: 'POST', url: '/api/me/deletion/cancel', token })).status).toBe(200);
    expect((await api(t, token)('POST', '/api/seeds', { seed_name: '새 가게' })).status).toBe(201);
    expect(await seedCount(p.id)).toBe(1);
  });

  it('refuses to transfer a seed to a member whose deletion is pending; another member can take it', async () => {
    const owner = await signedIn(t, { fullName: '주인장' });
    const leaving = await signedIn(t, { fullName: '떠날멤버' });
    const staying = await signedIn(t, { fullName: '남는멤버' });
    const seed = (await api(t, owner.token)('POST', '/api/seeds', { seed_name: '넘길 가게' })).body.data as { id: string };
    await addMember(t.database.db, seed.id, leaving.id, 'member');
    await addMember(t.database.db, seed.id, staying.id, 'member');
    await pendingDeletion(leaving);

    const refused = await api(t, owner.token)('POST', `/api/seeds/${seed.id}/transfer`, { user_id: leaving.id });
    expect(refused).toMatchObject({ status: 409, body: { code: 'PRIVACY_DELETION_PENDING', error: d.seedTransferPending } });
    expect(await seedCount(owner.id)).toBe(1);
    expect(await seedCount(leaving.id)).toBe(0);

    expect((await api(t, owner.token)('POST', `/api/seeds/${seed.id}/transfer`, { user_id: staying.id })).status).toBe(200);
    expect(await seedCount(staying.id)).toBe(1);
  });

  it('tells a due owner once per deletion date that the deletion waits for their seeds, and does not erase them', async () => {
    const owner = await signedIn(t, { fullName: '오래된주인' });
    const quiet = await signedIn(t, { fullName: '조용한주인' });
    await api(t, owner.token)('POST', '/api/seeds', { seed_name: '가 가게' });
    await api(t, owner.token)('POST', '/api/seeds', { seed_name: '나 가게' });
    await api(t, quiet.token)('POST', '/api/seeds', { seed_name: '다 가게' });
    // Seeds made before the rule: the deletion was scheduled anyway and its date has passed.
    await t.database.db.execute(sql`update users set deletion_scheduled_at = now() - interval '1 day' where id = ${owner.id}`);
    const deps = { ctx: t.app.ctx, db: t.database.db, log: t.app.log, now: () => new Date(), auth: { mailer: t.app.ctx.mailer, log: t.app.log } };
    const run = async () => {
      const erased = await eraseDueAccounts(deps);
      return { erased, told: await remindWaitingOwners(deps as unknown as TPrivacyDeps) };
    };

    expect(await run()).toEqual({ erased: 0, told: 1 });
    expect(await run()).toEqual({ erased: 0, told: 0 }); // the schedule runs every 10 minutes: one mail, not one a run
    const mails = (await outbox(t, owner.email)).filter((m) => m.subject === d.mailWaitsSubject);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(d.mailWaitsBody("'가 가게', '나 가게'"));
    expect((await outbox(t, quiet.email)).filter((m) => m.subject === d.mailWaitsSubject)).toEqual([]);
    expect(await seedCount(owner.id)).toBe(2);

    // Cancelled and asked again later: a new deletion date is told once more.
    await t.database.db.execute(sql`update users set deletion_scheduled_at = now() - interval '1 hour' where id = ${owner.id}`);
    expect(await run()).toEqual({ erased: 0, told: 1 });
    expect(await run()).toEqual({ erased: 0, told: 0 });
    expect((await outbox(t, owner.email)).filter((m) => m.subject === d.mailWaitsSubject)).toHaveLength(2);
  });
});
