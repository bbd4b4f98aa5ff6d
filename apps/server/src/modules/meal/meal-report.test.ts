import { kstDay } from '../../lib/kst-day.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, testClock, type TTestContext } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { seedWithMembers } from './testing/meal-test-kit.ts';
import { makeTeam, openRound, send, settingsOf } from './testing/meal-policy-kit.ts';

/** This month in Asia/Seoul: a round that spends company money is dated within 31 days of today (meal-policy.service). */
const M = kstDay(new Date()).slice(0, 7);
const NEXT = ((y, m) => (m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`))(Number(M.slice(0, 4)), Number(M.slice(5, 7)));

describe.each(dbKinds)('monthly meal report (%s)', (kind) => {
  let t: TTestContext;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false, now: clock.now });
  });
  afterAll(async () => t?.close());

  it('per person and team numbers match the rounds; the CSV has a BOM and escapes a formula team name; members get 403', async () => {
    const s = await seedWithMembers(t, 3);
    const [a, b, c] = s.members as [(typeof s.members)[0], (typeof s.members)[0], (typeof s.members)[0]];
    await send(t, s.owner.token, 'PUT', `${s.base}/meal-settings`, settingsOf({ subsidyPerDay: 8000, companyCardHolderId: c.id }));
    const team = await makeTeam(t, s.owner.token, s.base, '=SUM(1)', 10_000, [a.id, b.id]);
    const everyone = [s.owner, a, b, c];
    const o = api(t, s.owner.token);
    // Round 1 (Nov): 4 × 12,000. Subsidy 8,000 each; a and b take 4,000 each from the team budget; owner and c bear 4,000.
    const r1 = await openRound(t, s.base, s.owner, everyone, { date: `${M}-10`, price: 12_000, now: clock.now() });
    await o('POST', `${s.base}/meals/${r1.id}/close`);
    // Round 2 (Nov, another day): owner and a, 2 × 15,000. Subsidy 8,000; a's team has 2,000 left.
    const r2 = await openRound(t, s.base, s.owner, [s.owner, a], { date: `${M}-11`, price: 15_000, now: clock.now() });
    await o('POST', `${s.base}/meals/${r2.id}/close`);
    // A December round is not in November's report.
    const r3 = await openRound(t, s.base, s.owner, [s.owner], { date: `${NEXT}-01`, price: 9_000, now: clock.now() });
    await o('POST', `${s.base}/meals/${r3.id}/close`);

    const report = await api(t, c.token)('GET', `${s.base}/meal-report?month=${M}`);
    expect(report.status).toBe(200);
    const byName = new Map((report.body.people as { name: string }[]).map((p) => [p.name, p]));
    expect(byName.get('김주최')).toMatchObject({ team: null, rounds: 2, total: 27_000, company: 16_000, personal: 11_000 });
    expect(byName.get(a.fullName)).toMatchObject({ team: '=SUM(1)', rounds: 2, total: 27_000, company: 22_000, personal: 5_000 });
    expect(byName.get(b.fullName)).toMatchObject({ team: '=SUM(1)', rounds: 1, total: 12_000, company: 12_000, personal: 0 });
    expect(byName.get(c.fullName)).toMatchObject({ team: null, rounds: 1, total: 12_000, company: 8_000, personal: 4_000 });
    expect(report.body.teams).toEqual([{ teamId: team.id, name: '=SUM(1)', budget: 10_000, used: 10_000, left: 0 }]);
    expect(report.body.totals).toEqual({ rounds: 2, total: 78_000, company: 58_000, subsidy: 48_000, teamBudget: 10_000, personal: 20_000 });
    expect(report.body.seedName).toBe('점심 팀');

    const csv = await send(t, s.owner.token, 'GET', `${s.base}/meal-report.csv?month=${M}`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text.startsWith('\uFEFF구분,이름,팀')).toBe(true);
    expect(csv.text).toContain(`개인,${a.fullName},'=SUM(1),2,27000,22000,5000`);
    expect(csv.text).toContain("팀,'=SUM(1),'=SUM(1),,,,,10000,10000,0");
    expect(csv.text).toContain('합계,,,2,78000,58000,20000');
    expect(csv.text).not.toMatch(/(^|,)=SUM/m);

    expect((await api(t, a.token)('GET', `${s.base}/meal-report?month=${M}`)).status).toBe(403);
    expect((await send(t, a.token, 'GET', `${s.base}/meal-report.csv?month=${M}`)).status).toBe(403);
    expect((await api(t, s.owner.token)('GET', `${s.base}/meal-report?month=2026-13`)).status).toBe(400);
  });
});
