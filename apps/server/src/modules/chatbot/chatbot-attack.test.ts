/**
 * What a fresh attack on the chatbot (issue 27 items 9, 10, 22) still found.
 *
 * Item 10: the per-address limits count an IPv6 visitor by its /64. One line is given a whole
 * /64 and can use a new address for every request; keyed on the full address, one visitor passed the per-address
 * question, conversation and hand-off limits and could use up the bot-wide budget alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { seedWithMembers } from '../meal/testing/meal-test-kit.ts';
import { FAQ } from './testing/faq-set.ts';
import { LIMITS } from './chatbot.service.ts';
import { addressKey } from './chatbot-address.ts';

const s = ko.chatbot.server;
const SHOP = 'https://shop.example';
/** A fresh address in one /64 for every request, as one home line or phone can. */
const v6 = (n: number) => `2001:db8:77:1:${(n + 1).toString(16)}:0:0:${(n * 7 + 3).toString(16)}`;

describe('addressKey', () => {
  it('IPv4 as itself (also IPv4-mapped), IPv6 by its /64 whatever the spelling', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::FFFF:c633:6407')).toBe('198.51.100.7');
    expect(addressKey('2001:db8:77:1::1')).toBe(addressKey('2001:0db8:0077:0001:ffff:1:2:3'));
    expect(addressKey('[2001:DB8:77:1::a]')).toBe(addressKey('2001:db8:77:1::b'));
    expect(addressKey('2001:db8:77:2::1')).not.toBe(addressKey('2001:db8:77:1::1'));
  });
});

describe.each(dbKinds)('chatbot after a fresh attack (%s)', (kind) => {
  let t: TTestContext;
  let botId: string;
  let owner: Awaited<ReturnType<typeof seedWithMembers>>['owner'];
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false, env: { ALLOW_PRIVATE_URLS: 'true' } });
    ({ owner, base } = await seedWithMembers(t, 0));
    const o = api(t, owner.token);
    const created = await o('POST', `${base}/chatbots`, { name: '주소 테스트봇', allowedOrigins: [SHOP] });
    botId = created.body.id as string;
    for (const f of FAQ.slice(0, 3)) expect((await o('POST', `${base}/chatbots/${botId}/sources`, { type: 'faq', ...f })).status).toBe(201);
  }, 120_000);
  afterAll(async () => t?.close());

  const call = (url: string, ip: string, token?: string, body: object = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { origin: SHOP, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: body,
    });
  const start = async (ip: string) => {
    const r = await call(`/api/chatbot/${botId}/conversations`, ip);
    expect(r.statusCode).toBe(201);
    return r.json() as { conversationId: string; token: string };
  };

  it('questions, new conversations and hand-offs from one /64 share one address budget; another /64 is not affected', async () => {
    // Questions: 4 conversations × 16, each question from a new address of the same /64 → 60 answered, then 429.
    const convs = [];
    for (let i = 0; i < 4; i++) convs.push(await start(`203.0.113.${i + 1}`));
    const asked: number[] = [];
    let refused: { error?: string } = {};
    for (let i = 0; i < 64; i++) {
      const c = convs[i % 4]!;
      const r = await call(`/api/chatbot/${botId}/conversations/${c.conversationId}/messages`, v6(i), c.token, { text: FAQ[0]!.question });
      asked.push(r.statusCode);
      if (r.statusCode === 429) refused = r.json();
    }
    expect(asked.filter((x) => x === 200)).toHaveLength(LIMITS.address.max);
    expect(asked.slice(LIMITS.address.max)).toEqual([429, 429, 429, 429]);
    expect(refused.error).toBe(s.visitorRateLimited);
    // A visitor of another /64 still gets answers.
    const other = await start('2001:db8:78:1::1');
    expect(
      (await call(`/api/chatbot/${botId}/conversations/${other.conversationId}/messages`, '2001:db8:78:1::1', other.token, { text: FAQ[1]!.question }))
        .statusCode,
    ).toBe(200);

    // New conversations: 30 a minute per /64 however the addresses are spelt.
    const started: number[] = [];
    for (let i = 0; i < LIMITS.start.max + 1; i++) started.push((await call(`/api/chatbot/${botId}/conversations`, v6(100 + i))).statusCode);
    expect(started).toEqual([...Array(LIMITS.start.max).fill(201), 429]);

    // Hand-offs: 10 an hour per /64 (conversations started elsewhere, 3 hand-offs each).
    const hc = [];
    for (let i = 0; i < 4; i++) hc.push(await start(`203.0.113.${i + 11}`));
    const handed: number[] = [];
    for (let i = 0; i < 12; i++) {
      const c = hc[Math.floor(i / 3)]!;
      handed.push(
        (await call(`/api/chatbot/${botId}/conversations/${c.conversationId}/handoff`, v6(200 + i), c.token, { email: `v${i}@example.com` })).statusCode,
      );
    }
    expect(handed).toEqual([...Array(LIMITS.handoffAddress.max).fill(201), 429, 429]);
  });

  it('editing a bot with nothing to change answers a Korean 400, not a 500', async () => {
    const o = api(t, owner.token);
    for (const body of [{}, { unknownField: 1 }]) {
      const r = await o('PATCH', `${base}/chatbots/${botId}`, body);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe(ko.console.seeds.nothingToUpdate);
    }
    const renamed = await o('PATCH', `${base}/chatbots/${botId}`, { name: '새 이름' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe('새 이름');
  });

  it('the bot-wide question budget is spent by questions only: seven busy addresses (30 new conversations and 60 questions each) do not reach it', async () => {
    const o = api(t, owner.token);
    const created = await o('POST', `${base}/chatbots`, { name: '예산 테스트봇', allowedOrigins: [SHOP] });
    const id = created.body.id as string;
    expect((await o('POST', `${base}/chatbots/${id}/sources`, { type: 'faq', ...FAQ[0]! })).status).toBe(201);
    const refused: number[] = [];
    for (let n = 0; n < 7; n++) {
      const ip = `198.18.0.${n + 1}`;
      const convs = [];
      for (let i = 0; i < LIMITS.start.max; i++) {
        const r = await call(`/api/chatbot/${id}/conversations`, ip);
        if (r.statusCode !== 201) refused.push(r.statusCode);
        else convs.push(r.json() as { conversationId: string; token: string });
      }
      for (let i = 0; i < LIMITS.address.max; i++) {
        const c = convs[Math.floor(i / LIMITS.visitor.max)]!;
        const r = await call(`/api/chatbot/${id}/conversations/${c.conversationId}/messages`, ip, c.token, { text: FAQ[0]!.question });
        if (r.statusCode !== 200) refused.push(r.statusCode);
      }
    }
    expect(refused).toEqual([]);
  }, 180_000);
});
