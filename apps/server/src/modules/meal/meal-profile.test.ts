import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { createTestApp, dbKinds, testClock, type TTestContext } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { call } from '../auth/testing/auth-test-kit.ts';
import { inMinutes, seedWithMembers } from './testing/meal-test-kit.ts';

const pv = ko.meal.profile.validation;
const GOOD = {
  bankName: '토스뱅크',
  accountNumber: '1000-1234-5678',
  accountHolder: '이하나',
  kakaoPayLink: 'https://qr.kakaopay.com/Ej8CUvMtj',
  dietary: ['땅콩 알레르기', '돼지고기 안 먹음'],
  dietaryNote: '국물에 땅콩 소스가 들어가면 못 먹어요.',
  favourites: ['김치찌개'],
};

describe.each(dbKinds)('meal profile, dietary notes and usual menus (%s)', (kind) => {
  let t: TTestContext;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false, now: clock.now });
  });
  afterAll(async () => t?.close());

  const put = (token: string, body: unknown) => call(t, { method: 'PUT', url: '/api/meal-profile', token, body });

  it('validates the profile with Korean field errors and keeps each person’s own', async () => {
    const me = await signedIn(t, { fullName: '이하나' });
    const other = await signedIn(t, { fullName: '박두리' });
    expect((await call(t, { url: '/api/meal-profile', token: me.token })).body.data).toMatchObject({ bankName: '', dietary: [], updatedAt: null });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ accountNumber: '12-34' }, 'accountNumber', pv.accountNumber],
      [{ accountNumber: '1234-abcd-5678' }, 'accountNumber', pv.accountNumber],
      [{ accountNumber: '1'.repeat(21) }, 'accountNumber', pv.accountNumber],
      [{ kakaoPayLink: 'https://example.com/Ej8CUvMtj' }, 'kakaoPayLink', pv.kakaoPayLink],
      [{ kakaoPayLink: 'http://qr.kakaopay.com/Ej8CUvMtj' }, 'kakaoPayLink', pv.kakaoPayLink],
      [{ dietary: Array.from({ length: 11 }, (_, i) => `항목${i}`) }, 'dietary', pv.dietary],
      [{ favourites: ['가'.repeat(41)] }, 'favourites.0', pv.favourites],
      [{ dietaryNote: '가'.repeat(201) }, 'dietaryNote', pv.dietaryNote],
      [{ bankName: '없는은행' }, 'bankName', pv.bankName],
      [{ accountHolder: '' }, 'accountHolder', pv.accountIncomplete],
      // Review findings: hyphens cannot pad an account number past 30 characters; a bidi override cannot spoof the holder.
      [{ accountNumber: `1${'-'.repeat(5000)}2345678` }, 'accountNumber', pv.accountNumber],
      [{ accountHolder: '김\u202e앨리스' }, 'accountHolder', pv.accountHolder],
      [{ dietary: ['땅콩\u200b'] }, 'dietary.0', pv.dietary],
    ];
    for (const [patch, path, message] of cases) {
      const r = await put(me.token, { ...GOOD, ...patch });
      expect(r.status, JSON.stringify(patch)).toBe(400);
      expect(r.body.details).toContainEqual({ path, message });
    }
    const ok = await put(me.token, { ...GOOD, dietary: [' 땅콩 알레르기 ', '땅콩 알레르기', '돼지고기 안 먹음'] });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(ko.meal.profile.server.saved);
    expect(ok.body.data).toMatchObject({ ...GOOD, dietary: ['땅콩 알레르기', '돼지고기 안 먹음'] });
    expect((await call(t, { url: '/api/meal-profile', token: me.token })).body.data).toMatchObject(GOOD);
    expect((await call(t, { url: '/api/meal-profile', token: other.token })).body.data.accountNumber).toBe('');
    // Clearing the account is all three at once.
    expect((await put(me.token, { ...GOOD, bankName: '', accountNumber: '', accountHolder: '' })).status).toBe(200);
    expect((await call(t, { url: '/api/meal-profile' })).status).toBe(401);
  });

  it('shows joined participants’ dietary notes to the seed’s members, and offers a person’s usual menus first', async () => {
    const s = await seedWithMembers(t, 2);
    const [a, b] = s.members as [(typeof s.members)[0], (typeof s.members)[0]];
    expect((await put(a.token, GOOD)).status).toBe(200);
    expect((await put(b.token, { dietary: ['채식'] })).status).toBe(200);
    const o = api(t, s.owner.token);
    const round = async (title: string, choices: [typeof a, number][]) => {
      const meal = (
        await o('POST', `${s.base}/meals`, {
          title,
          date: '2026-11-27',
          deadline: inMinutes(clock.now(), 30),
          mode: 'menu',
          options: [
            { name: '김치찌개', price: 9000 },
            { name: '제육볶음', price: 10000 },
            { name: '비빔밥', price: 9000 },
          ],
          split: 'itemised',
        })
      ).body.data;
      for (const [u, i] of choices) expect((await api(t, u.token)('POST', `${s.base}/meals/${meal.id}/join`, { choice: meal.options[i].id })).status).toBe(200);
      return meal as { id: string };
    };
    await round('첫날', [[a, 1]]);
    await round('둘째날', [[a, 1]]);
    const third = await round('셋째날', [
      [a, 2],
      [s.owner, 0],
    ]);
    // Only a joined (and set notes) in the third: b's 채식 is not listed.
    const diet = await o('GET', `${s.base}/meals/${third.id}/diet`);
    expect(diet.status).toBe(200);
    expect(diet.body.data).toEqual([{ userId: a.id, name: '이하나', dietary: GOOD.dietary, dietaryNote: GOOD.dietaryNote }]);
    const stranger = await signedIn(t, { fullName: '외부인' });
    expect((await api(t, stranger.token)('GET', `${s.base}/meals/${third.id}/diet`)).status).toBe(404);
    const usual = await api(t, a.token)('GET', `${s.base}/meal-usual`);
    expect(usual.body.data).toEqual({
      favourites: ['김치찌개'],
      frequent: [
        { name: '제육볶음', count: 2 },
        { name: '비빔밥', count: 1 },
      ],
    });
    expect((await api(t, b.token)('GET', `${s.base}/meal-usual`)).body.data).toEqual({ favourites: [], frequent: [] });
  });
});
