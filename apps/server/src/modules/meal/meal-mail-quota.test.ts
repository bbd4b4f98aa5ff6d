/**
 * Meal notices and the hourly mail quotas (decision 057): a round's notices are counted only when a mail is actually
 * sent, on the seed's quota, by the notification delivery; opening, closing or drawing a round charges no one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { runAllDue } from '../notifications/testing/notices-test-kit.ts';
import { inMinutes, mailsTo, seedWithMembers } from './testing/meal-test-kit.ts';
import { settleAfterResponse } from '../../lib/after-response.ts';

describe.each(dbKinds)('meal notices and the hourly mail quota (%s)', (kind) => {
  let t: TTestContext;
  // Three other members; the user may trigger one mail an hour and the seed send one: opening rounds mails nobody.
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false, env: { MAIL_QUOTA_USER_HOURLY: '1', MAIL_QUOTA_SEED_HOURLY: '1' } });
  });
  afterAll(() => t.close());

  it("opening rounds whose notices are in-app only (everyone's mail off) charges no mail quota and sends no mail", async () => {
    const { owner, members, seedId, base } = await seedWithMembers(t, 3);
    const o = api(t, owner.token);
    const round = (title: string) =>
      o('POST', `${base}/meals`, { title, date: '2026-12-01', deadline: inMinutes(new Date(), 60), mode: 'free', restaurant: '김밥천국', split: 'even' });
    expect((await round('첫 점심')).status).toBe(201);
    expect((await round('둘째 점심')).status).toBe(201);
    expect((await round('셋째 점심')).status).toBe(201);
    await settleAfterResponse();
    await runAllDue(t);
    for (const m of members) expect(await mailsTo(t, m.email)).toHaveLength(0);
    expect((await t.state.peek(`rl:mail-quota:user:${owner.id}`)).count).toBe(0);
    expect((await t.state.peek(`rl:mail-quota:seed:${seedId}`)).count).toBe(0);
  });
});
