/**
 * Issue 38: GET /api/public/meal-draws/:mealId — no sign-in; before the draw the commitment and the status only (never
 * the server seed), after it everything the formula needs with masked names and no e-mail addresses; 400/404 in Korean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, movableClock, type TTestApp } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { PUBLIC_DRAW_LIMIT } from './meal-public.routes.ts';
import * as repo from './meal.repository.ts';
import { inMinutes, seedWithMembers } from './testing/meal-test-kit.ts';

describe.each(dbKinds)('public meal draw verification on %s', (kind) => {
  const clock = movableClock(Date.parse('2030-05-06T02:00:00Z'));
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now, jobs: false });
  });
  afterAll(async () => t?.close());

  const anonymous = (url: string, ip = '203.0.113.7') => t.app.inject({ method: 'GET', url, remoteAddress: ip });

  it('shows the commitment and status before the draw, never the server seed; everything after it, names masked', async () => {
    const s = await seedWithMembers(t, 2);
    const o = api(t, s.owner.token);
    const meal = (
      await o('POST', `${s.base}/meals`, {
        title: '공개 검증 점심',
        date: '2030-05-06',
        deadline: inMinutes(clock.now(), 60),
        mode: 'menu',
        options: [{ name: '국밥', price: 9000 }],
        split: 'roulette',
        payerCount: 1,
      })
    ).body.data;
    const serverSeed = (await repo.findMealById(t.database.db, meal.id))!.serverSeed!;
    expect(serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const url = `/api/public/meal-draws/${meal.id}`;

    const open = await anonymous(url);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({
      data: {
        id: meal.id,
        title: '공개 검증 점심',
        date: '2030-05-06',
        status: 'open',
        split: 'roulette',
        commitment: meal.commitment,
        payerCount: 1,
        participants: [],
        slack: null,
      },
    });
    expect(open.body).not.toContain(serverSeed);

    const people = [s.owner, ...s.members];
    for (const [i, u] of people.entries())
      await api(t, u.token)('POST', `${s.base}/meals/${meal.id}/join`, { choice: meal.options[0].id, clientSeed: `문구${i}` });
    expect((await o('POST', `${s.base}/meals/${meal.id}/close`)).status).toBe(200);
    const closed = await anonymous(url);
    expect(closed.json().data.status).toBe('closed');
    expect(closed.body).not.toContain(serverSeed);
    expect(closed.json().data.serverSeed).toBeUndefined();
    expect(closed.json().data.participants).toEqual([]);

    const draw = (await o('POST', `${s.base}/meals/${meal.id}/draw`)).body;
    const drawn = await anonymous(url);
    expect(drawn.statusCode).toBe(200);
    const data = drawn.json().data;
    expect(data.status).toBe('drawn');
    expect(data.serverSeed).toBe(serverSeed);
    expect(data.h).toBe(draw.h);
    const byId = [...people].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const masked: Record<string, string> = { 김주최: '김*최', 이하나: '이*나', 박두리: '박*리' };
    expect(data.participants).toEqual(byId.map((u) => ({ userId: u.id, label: masked[u.fullName]!, clientSeed: `문구${people.indexOf(u)}` })));
    expect(data.payers).toEqual(
      draw.payers.map((p: { userId: string; index: number }) => ({ userId: p.userId, index: p.index, label: data.participants[p.index].label })),
    );
    for (const u of people) {
      expect(drawn.body).not.toContain(u.email);
      expect(drawn.body).not.toContain(u.fullName);
    }
  });

  it('answers 404 for unknown ids and rounds that are not games, 400 for a malformed id, in Korean', async () => {
    const s = await seedWithMembers(t, 0);
    const even = (
      await api(t, s.owner.token)('POST', `${s.base}/meals`, {
        title: '보통 점심',
        date: '2030-05-06',
        deadline: inMinutes(clock.now(), 60),
        mode: 'free',
        split: 'even',
      })
    ).body.data;
    const notGame = await anonymous(`/api/public/meal-draws/${even.id}`);
    expect(notGame.statusCode).toBe(404);
    expect(notGame.json().error).toBe('검증할 추첨을 찾을 수 없습니다. 링크를 다시 확인해주세요.');
    const unknown = await anonymous('/api/public/meal-draws/3f0e8a52-6d1c-4b8e-9a55-0c9c2f0b7e11');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(notGame.json().error);
    const bad = await anonymous('/api/public/meal-draws/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('올바른 ID가 아닙니다.');
  });

  it('limits reads per address', async () => {
    const url = '/api/public/meal-draws/3f0e8a52-6d1c-4b8e-9a55-0c9c2f0b7e12';
    for (let i = 0; i < PUBLIC_DRAW_LIMIT.max; i++) expect((await anonymous(url, '198.51.100.9')).statusCode).toBe(404);
    const refused = await anonymous(url, '198.51.100.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await anonymous(url, '198.51.100.10')).statusCode).toBe(404);
  });
});
