import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { mealSettings, mealTeams } from '../../db/schema-meal.ts';
import { createTestApp, dbKinds, testClock, type TTestContext } from '../../test/helpers.ts';
import { signedIn } from '../admin-users/testing/console-test-kit.ts';
import { addMember } from '../seeds/seeds.repository.ts';
import { seedWithMembers } from './testing/meal-test-kit.ts';
import { makeTeam, send, settingsOf } from './testing/meal-policy-kit.ts';

describe.each(dbKinds)('meal settings and teams (%s)', (kind) => {
  let t: TTestContext;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false, now: clock.now });
  });
  afterAll(async () => t?.close());

  it('members read the defaults; owner and admins save (with an audit row); a member gets 403 and nothing changes', async () => {
    const s = await seedWithMembers(t, 2);
    const member = s.members[0]!;
    const read = await send(t, member.token, 'GET', `${s.base}/meal-settings`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ ...settingsOf(), canManage: false, canSpend: false, canReport: false, policyActive: false });
    const refused = await send(t, member.token, 'PUT', `${s.base}/meal-settings`, settingsOf({ subsidyPerDay: 8000 }));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('식대 설정은 시드 소유자와 관리자만 바꿀 수 있습니다.');
    expect(await t.database.db.select().from(mealSettings).where(eq(mealSettings.seedId, s.seedId))).toHaveLength(0);

    const admin = await signedIn(t, { fullName: '관리자' });
    await addMember(t.database.db, s.seedId, admin.id, 'admin');
    const saved = await send(
      t,
      admin.token,
      'PUT',
      `${s.base}/meal-settings`,
      settingsOf({
        subsidyPerDay: 8000,
        companyCardHolderId: member.id,
        spenders: 'listed',
        spenderIds: [member.id, member.id],
        reminderEveryDays: 0,
        reminderHour: 23,
      }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      subsidyPerDay: 8000,
      companyCardHolderId: member.id,
      spenderIds: [member.id],
      reminderEveryDays: 0,
      canManage: true,
      policyActive: true,
    });
    const mine = (await send(t, member.token, 'GET', `${s.base}/meal-settings`)).body.data;
    expect(mine).toMatchObject({ canManage: false, canSpend: true, canReport: true });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, s.seedId));
    expect(audit.filter((a) => a.action === 'meal.settings_updated')).toHaveLength(1);
  });

  it('bad input is a 400 with Korean field errors and nothing is stored', async () => {
    const s = await seedWithMembers(t, 1);
    const outsider = await signedIn(t, { fullName: '외부인' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ subsidyPerDay: -1 }, 'subsidyPerDay', '1인 1일 식대 지원은'],
      [{ subsidyPerDay: 1000.5 }, 'subsidyPerDay', '1인 1일 식대 지원은'],
      [{ subsidyPerDay: 10_000_001 }, 'subsidyPerDay', '10,000,000원 이하'],
      [{ reminderEveryDays: 31 }, 'reminderEveryDays', '미납 알림 주기는'],
      [{ reminderHour: 24 }, 'reminderHour', '알림 시각은'],
      [{ spenders: 'boss' }, 'spenders', '회사 식대를 쓸 수 있는 사람'],
      [{ spenderIds: [outsider.id] }, 'spenderIds', '시드 멤버가 아닌 사람'],
      [{ companyCardHolderId: outsider.id }, 'companyCardHolderId', '시드 멤버가 아닌 사람'],
    ];
    for (const [over, path, text] of cases) {
      const r = await send(t, s.owner.token, 'PUT', `${s.base}/meal-settings`, settingsOf(over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(JSON.stringify(r.body)).toContain(text);
      expect(JSON.stringify(r.body.details ?? r.body)).toContain(path);
    }
    expect(await t.database.db.select().from(mealSettings).where(eq(mealSettings.seedId, s.seedId))).toHaveLength(0);
    for (const body of [
      { name: '팀', monthlyBudget: -5 },
      { name: '팀', monthlyBudget: 1.5 },
      { name: '팀', monthlyBudget: 10_000_001 },
      { name: ' ', monthlyBudget: 0 },
    ]) {
      expect((await send(t, s.owner.token, 'POST', `${s.base}/meal-teams`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await t.database.db.select().from(mealTeams).where(eq(mealTeams.seedId, s.seedId))).toHaveLength(0);
  });

  it('teams: create, rename, budget, members (a person moves between teams), unknown member refused, delete; members only read', async () => {
    const s = await seedWithMembers(t, 3);
    const [a, b, c] = s.members as [(typeof s.members)[0], (typeof s.members)[0], (typeof s.members)[0]];
    const dev = await makeTeam(t, s.owner.token, s.base, '개발팀', 100_000, [a.id, b.id]);
    const ops = await makeTeam(t, s.owner.token, s.base, '운영팀', 50_000, [c.id]);
    expect((await send(t, s.owner.token, 'POST', `${s.base}/meal-teams`, { name: '개발팀', monthlyBudget: 1 })).status).toBe(409);
    expect((await send(t, a.token, 'POST', `${s.base}/meal-teams`, { name: '몰래팀', monthlyBudget: 1 })).status).toBe(403);
    expect((await send(t, a.token, 'PUT', `${s.base}/meal-teams/${dev.id}/members`, { userIds: [] })).status).toBe(403);
    // b moves to 운영팀.
    const moved = await send(t, s.owner.token, 'PUT', `${s.base}/meal-teams/${ops.id}/members`, { userIds: [c.id, b.id] });
    expect(moved.status).toBe(200);
    const outsider = await signedIn(t, { fullName: '외부인' });
    const bad = await send(t, s.owner.token, 'PUT', `${s.base}/meal-teams/${ops.id}/members`, { userIds: [outsider.id] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('userIds');
    const renamed = await send(t, s.owner.token, 'PATCH', `${s.base}/meal-teams/${dev.id}`, { name: '플랫폼팀', monthlyBudget: 70_000 });
    expect(renamed.body.data).toMatchObject({ name: '플랫폼팀', monthlyBudget: 70_000, used: 0, left: 70_000 });
    const list = (await send(t, a.token, 'GET', `${s.base}/meal-teams`)).body.data as { name: string; members: { userId: string }[] }[];
    expect(list.map((x) => [x.name, x.members.map((m) => m.userId).sort()])).toEqual([
      ['운영팀', [b.id, c.id].sort()],
      ['플랫폼팀', [a.id]],
    ]);
    expect((await send(t, s.owner.token, 'DELETE', `${s.base}/meal-teams/${dev.id}`)).status).toBe(200);
    expect((await send(t, s.owner.token, 'DELETE', `${s.base}/meal-teams/${dev.id}`)).status).toBe(404);
    expect(((await send(t, a.token, 'GET', `${s.base}/meal-teams`)).body.data as unknown[]).length).toBe(1);
  });
});
