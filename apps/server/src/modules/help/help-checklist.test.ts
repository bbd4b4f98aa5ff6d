/**
 * GET /api/seeds/{seedId}/help/checklist (issue 33): the steps tick themselves from the seed's real state, members
 * read it, strangers get 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { THelpChecklist } from '@suite/shared';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { addMember } from '../seeds/seeds.repository.ts';

describe.each(dbKinds)('help checklist on %s', (kind) => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
  }, 60_000);
  afterAll(async () => t?.close());

  const done = (c: THelpChecklist) => Object.fromEntries(c.services.flatMap((g) => g.items.map((i) => [i.id, i.done])));

  it('ticks the steps the seed has done, for its members only', async () => {
    const owner = await signedIn(t, { fullName: '김시작' });
    const member = await signedIn(t, { fullName: '박멤버' });
    const stranger = await signedIn(t, { fullName: '최남남' });
    const my = api(t, owner.token);
    const seed = (await my('POST', '/api/seeds', { seed_name: '체크가게' })).body.data as { id: string };
    const url = `/api/seeds/${seed.id}/help/checklist`;

    const before = (await my('GET', url)).body as THelpChecklist;
    expect(before.services.map((g) => g.service)).toEqual(['start', 'slack', 'rooms', 'meal', 'api-builder', 'admin-builder', 'chatbot']);
    expect(Object.values(done(before)).every((d) => d === false)).toBe(true);
    // Each step links to its place in the console and to its service's getting-started article.
    const rooms = before.services.find((g) => g.service === 'rooms')!;
    expect(rooms.items[0]!.href).toMatch(/^\/admin\//);
    expect(rooms.items[0]!.articleSlug).toBe('start-rooms');

    await addMember(t.database.db, seed.id, member.id, 'member');
    const bot = await my('POST', `/api/seeds/${seed.id}/chatbots`, { name: '상담봇', allowedOrigins: ['https://shop.example'] });
    expect(bot.status).toBe(201);
    await my('POST', `/api/seeds/${seed.id}/chatbots/${bot.body.id as string}/sources`, { type: 'faq', question: '영업시간은요?', answer: '10시부터요.' });

    const after = (await api(t, member.token)('GET', url)).body as THelpChecklist;
    const d = done(after);
    expect(d.inviteMember).toBe(true);
    expect(d.createBot).toBe(true);
    expect(d.addKnowledge).toBe(true);
    expect(d.installWidget).toBe(false);
    expect(d.createRoom).toBe(false);
    expect(d.firstCall).toBe(false);

    expect((await api(t, stranger.token)('GET', url)).status).toBe(404);
    expect((await api(t)('GET', url)).status).toBe(401);
    expect((await my('GET', '/api/seeds/not-a-uuid/help/checklist')).status).toBe(404);
  });
});
