/**
 * GET /api/me/data-recipients: a person who was mailed, asked a chatbot answered by the language model (handing off
 * with their address) and linked Slack, against one who did none of it — in the same seed, so nothing of the first
 * person's shows up for the second. Received = configured and evidence: mail here goes to the local outbox (no
 * SMTP_URL), so it is never said to have reached an outside service; Slack, Toss and the NTS are configured.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingBusinesses, billingPaymentMethods } from '../../db/schema-billing.ts';
import { slackWorkspaces } from '../../db/schema-slack.ts';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { settleAfterResponse } from '../../lib/after-response.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { call } from '../auth/testing/auth-test-kit.ts';
import { addMember } from '../seeds/seeds.repository.ts';
import { RECIPIENTS } from './recipients.ts';

const SHOP = 'https://shop.example';

/** An OpenAI-compatible model on loopback that answers from passage [1] (streamed or not, as asked). */
async function fakeModel(port: number) {
  let calls = 0;
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    calls += 1;
    const body = JSON.parse(raw) as { stream?: boolean; messages: { content: string }[] };
    const answer = `자료에 따르면 ${/\[1\] ([^\n]*)/.exec(body.messages.at(-1)!.content)?.[1] ?? ''} [1]`;
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(
        JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }] }),
      );
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: answer } }] })}\n\n`);
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}/v1`, calls: () => calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}

type TRecipient = { key: string; configured: boolean; received: boolean; lastAt: string | null; name: string };

describe.each(dbKinds)('data recipients on %s', (kind) => {
  let t: TTestContext;
  let model: Awaited<ReturnType<typeof fakeModel>>;
  beforeAll(async () => {
    model = await fakeModel(kind === 'pglite' ? 4260 : 4261);
    t = await createTestApp(kind, {
      jobs: false,
      env: {
        LLM_BASE_URL: model.url,
        LLM_API_KEY: 'test-key',
        LLM_MODEL: 'fake',
        LLM_MAX_RETRIES: '0',
        SLACK_CLIENT_ID: 'recipients-client',
        SLACK_CLIENT_SECRET: 'recipients-secret',
        TOSS_CLIENT_KEY: 'test_ck_recipients',
        TOSS_SECRET_KEY: 'test_sk_recipients',
        NTS_BIZ_API_KEY: 'recipients-nts-key',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  const recipients = async (token: string) => {
    const res = await call(t, { url: '/api/me/data-recipients', token });
    expect(res.status).toBe(200);
    return Object.fromEntries((res.body.data as TRecipient[]).map((r) => [r.key, r]));
  };

  it('says which services received the data of the person who used them, and none for the one who did not', async () => {
    const user = await signedIn(t, { fullName: '김메일' });
    const quiet = await signedIn(t, { fullName: '박조용' });
    const my = api(t, user.token);
    const seed = (await my('POST', '/api/seeds', { seed_name: '그릇가게' })).body.data as { id: string };
    await addMember(t.database.db, seed.id, quiet.id, 'member');

    const before = await recipients(user.token);
    expect(Object.keys(before)).toEqual(RECIPIENTS.map((r) => r.key));
    expect(Object.values(before).every((r) => !r.received && r.lastAt === null)).toBe(true);
    expect(before.llm!.configured).toBe(true);
    expect(before.mail!.configured).toBe(false); // no SMTP_URL in tests
    expect(before.toss!.configured).toBe(true);
    expect(before.popbill!.configured).toBe(false);

    // Mail: a password-reset link sent to their address.
    expect((await call(t, { url: '/api/auth/forgot-password', body: { email: user.email } })).status).toBe(200);
    await settleAfterResponse();

    // The language model: they ask their seed's chatbot and hand off with their own address.
    const base = `/api/seeds/${seed.id}`;
    const botId = (await my('POST', `${base}/chatbots`, { name: '상담봇', allowedOrigins: [SHOP] })).body.id as string;
    await my('POST', `${base}/chatbots/${botId}/sources`, { type: 'faq', question: '배송비는 얼마인가요?', answer: '3,000원입니다.' });
    const visitor = async (url: string, token?: string, payload?: object) => {
      const r = await t.app.inject({
        method: 'POST',
        url,
        remoteAddress: `10.42.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
        headers: { origin: SHOP, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(payload ? { payload } : {}),
      });
      expect(r.statusCode, r.body).toBeLessThan(300);
      return r.json() as { conversationId: string; token: string };
    };
    const conv = await visitor(`/api/chatbot/${botId}/conversations`);
    const path = `/api/chatbot/${botId}/conversations/${conv.conversationId}`;
    await visitor(`${path}/messages`, conv.token, { text: '배송비 얼마예요?' });
    expect(model.calls()).toBeGreaterThan(0);
    await visitor(`${path}/handoff`, conv.token, { email: user.email, name: '김메일', message: '연락 주세요' });

    // Slack: they connected a workspace (as the Slack OAuth round trip stores it).
    await t.database.db.insert(slackWorkspaces).values({
      seedId: seed.id,
      teamId: `T${randomBytes(4).toString('hex').toUpperCase()}`,
      teamName: '그릇가게 워크스페이스',
      installedBy: user.id,
      installerSlackUserId: 'U0RECIP1',
      settings: {} as never,
    });

    // Billing of the seed they own: a card registered with Toss, business details checked with the NTS (as the
    // billing module stores them after the card window and the status lookup).
    await t.database.db.insert(billingPaymentMethods).values({
      seedId: seed.id,
      kind: 'card',
      customerKey: randomBytes(16).toString('hex'),
      cardNumber: '4330-****-****-1234',
      registeredBy: user.id,
    });
    await t.database.db.insert(billingBusinesses).values({
      seedId: seed.id,
      businessNumber: '1234567890',
      name: '그릇가게',
      ceo: '김메일',
      businessType: '도소매',
      businessItem: '그릇',
      address: '서울특별시 중구 세종대로 1',
      email: user.email,
      taxType: 'general',
      ntsCheckedAt: new Date(),
    });

    const after = await recipients(user.token);
    for (const key of ['llm', 'slack', 'toss', 'nts']) {
      expect(after[key]!.received, key).toBe(true);
      expect(Number.isNaN(Date.parse(after[key]!.lastAt!)), key).toBe(false);
    }
    expect(after.popbill).toMatchObject({ received: false, lastAt: null }); // no 세금계산서 or cash receipt yet
    // The reset mail was sent, but to the local outbox: no outside mail service received the address.
    expect(after.mail).toMatchObject({ configured: false, received: false, lastAt: null });

    // The other member: no mail, and the first person's chatbot questions are not theirs. Slack: their seed has a
    // workspace, so the notices of that seed reach Slack with their name (received, by design: decision 066).
    const other = await recipients(quiet.token);
    expect(other.mail).toMatchObject({ received: false, lastAt: null });
    expect(other.llm).toMatchObject({ received: false, lastAt: null });
    // Billing goes by the seeds a person owns: a member's data is not in the owner's card or business details.
    for (const key of ['toss', 'popbill', 'nts']) expect(other[key], key).toMatchObject({ received: false, lastAt: null });
    expect(other.slack!.received).toBe(true);
    expect(JSON.stringify(other)).not.toContain(user.email);
  });
});
