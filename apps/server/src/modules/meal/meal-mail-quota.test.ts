/** Meal mails count against the hourly mail quotas like bookings and invitations (issue 11, item 2): over it → 429, nothing written. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { inMinutes, seedWithMembers } from './testing/meal-test-kit.ts';
import { settleAfterResponse } from '../../lib/after-response.ts';
import { meals } from '../../db/schema-meal.ts';

describe.each(dbKinds)('meal mails and the hourly quota (%s)', (kind) => {
  let t: TTestContext;
  // Three other members: opening a round mails 3; the user may trigger 5 mails an hour.
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false, env: { MAIL_QUOTA_USER_HOURLY: '5', MAIL_QUOTA_SEED_HOURLY: '1000' } });
  });
  afterAll(() => t.close());

  it('opens a round within the quota, refuses the next with a Korean 429 MAIL_QUOTA and writes no round', async () => {
    const { owner, base } = await seedWithMembers(t, 3);
    const o = api(t, owner.token);
    const round = (title: string) =>
      o('POST', `${base}/meals`, { title, date: '2026-12-01', deadline: inMinutes(new Date(), 60), mode: 'free', restaurant: '김밥천국', split: 'even' });
    expect((await round('첫 점심')).status).toBe(201);
    const before = (await t.database.db.select().from(meals)).length;
    const over = await round('둘째 점심');
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('MAIL_QUOTA');
    expect(over.body.error).toMatch(/[가-힣]/);
    await settleAfterResponse();
    expect((await t.database.db.select().from(meals)).length).toBe(before);
  });
});
