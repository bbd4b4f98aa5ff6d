import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { seedWithMembers } from '../meal/testing/meal-test-kit.ts';
import { FAQ } from './testing/faq-set.ts';
import { unsealOriginal } from './pii-originals.ts';

/** A model on loopback that keeps every raw request body and answers from passage [1]. */
async function fakeModel() {
  const bodies: string[] = [];
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    bodies.push(raw);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: '자료에 따르면 주문 내역에서 바꾸실 수 있습니다. [1]' } }] })}\n\n`);
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, bodies, close: () => new Promise<void>((r) => server.close(() => r())) };
}

// The customer's personal data, as typed, and each value's digits or text that must never be stored or sent.
const PHONE = '010-2345-6789';
const RRN = '900101-1234567';
const CARD = '4111 1111 1111 1111';
const EMAIL = 'gildong.hong@example.com';
const ACCOUNT = '110-123-456789';
/** Rows of a query on either database (PGlite and node-postgres both answer `{ rows }`). */
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const NEEDLES = ['2345', '1234567', '4111 1111 1111', 'gildong.hong', '110-123-45', '01023456789', '9001011234567'];

describe.each(dbKinds)('chatbot personal data masked (%s)', (kind) => {
  let t: TTestContext;
  let model: Awaited<ReturnType<typeof fakeModel>>;
  let base: string;
  let botId: string;
  let owner: Awaited<ReturnType<typeof seedWithMembers>>['owner'];
  beforeAll(async () => {
    model = await fakeModel();
    t = await createTestApp(kind, { jobs: false, env: { LLM_BASE_URL: model.url, LLM_MODEL: 'fake', LLM_MAX_RETRIES: '0' } });
    const s = await seedWithMembers(t, 0);
    owner = s.owner;
    base = s.base;
    botId = (await api(t, owner.token)('POST', `${base}/chatbots`, { name: '상담봇', allowedOrigins: [] })).body.id;
    for (const f of FAQ.slice(0, 18)) await api(t, owner.token)('POST', `${base}/chatbots/${botId}/sources`, { type: 'faq', ...f });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  const start = async () => {
    const r = await t.app.inject({ method: 'POST', url: `/api/chatbot/${botId}/conversations` });
    expect(r.statusCode).toBe(201);
    return r.json() as { conversationId: string; token: string };
  };
  const ask = async (c: { conversationId: string; token: string }, text: string) => {
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/chatbot/${botId}/conversations/${c.conversationId}/messages`,
      headers: { authorization: `Bearer ${c.token}` },
      payload: { text },
    });
    expect(r.statusCode).toBe(200);
    return r.json() as { messageId: string; answered: boolean };
  };
  /**
   * None of the typed numbers appear. Ids and times are taken out first: a random UUID can hold '2345' by chance
   * (it did once in CI: "db92345c-…"), which says nothing about masking.
   */
  const hasNoNeedle = (text: string) => {
    const plain = text
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>');
    for (const n of NEEDLES) expect(plain, n).not.toContain(n);
  };

  it('stores, lists, shows and prompts the masked text only; keeps the original sealed for lookups and the hand-off', async () => {
    const conv = await start();
    const before = model.bodies.length;
    const a1 = await ask(conv, `배송지를 변경하고 싶어요 ${PHONE} ${RRN} ${EMAIL}`);
    const a2 = await ask(conv, `할부 결제가 되나요? 카드 ${CARD}`);
    await ask(conv, `환불은 언제 되나요? 신한 ${ACCOUNT} 계좌로 부탁해요`);
    expect([a1.answered, a2.answered]).toEqual([true, true]);
    // The model was asked (LLM mode) and never saw the personal data, only its masked form.
    const sent = model.bodies.slice(before).join('\n');
    expect(sent).toContain('010-****-6789');
    expect(sent).toContain('******-*******');
    expect(sent).toContain('g***@example.com');
    expect(sent).toContain('**** **** **** 1111');
    hasNoNeedle(sent);

    // The database rows: visitor text and the bot's copy of the question.
    const rows = rowsOf<{ role: string; text: string; question: string }>(
      await t.database.db.execute(
        sql`select role, text, coalesce(question, '') as question from chatbot_messages where conversation_id = ${conv.conversationId}`,
      ),
    );
    expect(rows.filter((r) => r.role === 'visitor').length).toBe(3);
    hasNoNeedle(rows.map((r) => `${r.text}\n${r.question}`).join('\n'));
    expect(rows.some((r) => r.text.includes('**** **** **** 1111'))).toBe(true);

    // The console: list and transcript.
    const list = await api(t, owner.token)('GET', `${base}/chatbots/${botId}/conversations`);
    expect(list.status).toBe(200);
    hasNoNeedle(JSON.stringify(list.body));
    const transcript = await api(t, owner.token)('GET', `${base}/chatbots/${botId}/conversations/${conv.conversationId}`);
    expect(transcript.status).toBe(200);
    expect(JSON.stringify(transcript.body)).toContain('010-****-6789');
    hasNoNeedle(JSON.stringify(transcript.body));

    // The sealed originals: one per message that had something to mask, readable by unsealOriginal only.
    const originals = rowsOf<{ message_id: string; sealed: string; kinds: string[] }>(
      await t.database.db.execute(sql`select message_id, sealed, kinds from chatbot_message_originals where conversation_id = ${conv.conversationId}`),
    );
    expect(originals.length).toBe(3);
    // Sealed text is random-looking: a needle of digits only could appear in it by chance; the words and spaced ones cannot.
    for (const n of NEEDLES.filter((x) => !/^\d+$/.test(x))) expect(originals.map((o) => o.sealed).join('\n'), n).not.toContain(n);
    expect(originals.flatMap((o) => o.kinds).sort()).toEqual(['account', 'card', 'email', 'phone', 'rrn']);
    const plain = await Promise.all(originals.map((o) => unsealOriginal({ db: t.database.db, config: t.config }, conv.conversationId, o.message_id)));
    expect(plain.join('\n')).toContain(PHONE);
    expect(plain.join('\n')).toContain(CARD);
    // Another conversation's id does not open it.
    const other = await start();
    expect(await unsealOriginal({ db: t.database.db, config: t.config }, other.conversationId, originals[0]!.message_id)).toBeNull();
  });

  it('masks the hand-off ticket (message and transcript) and the console ticket list', async () => {
    const conv = await start();
    await ask(conv, `교환할 수 있나요? 연락은 ${PHONE}`);
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/chatbot/${botId}/conversations/${conv.conversationId}/handoff`,
      headers: { authorization: `Bearer ${conv.token}` },
      payload: { email: 'customer@example.com', message: `주민번호 ${RRN} 로 본인 확인해 주세요` },
    });
    expect(r.statusCode).toBeLessThan(300);
    const stored = rowsOf<{
      message: string;
      transcript: string;
    }>(await t.database.db.execute(sql`select message, transcript from chatbot_tickets where conversation_id = ${conv.conversationId}`));
    expect(stored.length).toBe(1);
    expect(stored[0]!.message).toContain('******-*******');
    hasNoNeedle(`${stored[0]!.message}\n${stored[0]!.transcript}`);
    const tickets = await api(t, owner.token)('GET', `${base}/chatbots/${botId}/tickets`);
    expect(tickets.status).toBe(200);
    expect(JSON.stringify(tickets.body)).toContain('customer@example.com');
    hasNoNeedle(JSON.stringify(tickets.body));
  });

  it('leaves order numbers and prices as typed (a lookup needs them)', async () => {
    const conv = await start();
    await ask(conv, '주문번호 20261126-0012 배송비 3,000원 맞나요?');
    const rows = rowsOf<{ text: string }>(
      await t.database.db.execute(sql`select text from chatbot_messages where conversation_id = ${conv.conversationId} and role = 'visitor'`),
    );
    expect(rows[0]!.text).toBe('주문번호 20261126-0012 배송비 3,000원 맞나요?');
    const originals = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from chatbot_message_originals where conversation_id = ${conv.conversationId}`),
    );
    expect(originals[0]!.n).toBe(0);
  });

  it('deletes the sealed original with its conversation (retention and erasure delete conversations) and with the bot', async () => {
    const conv = await start();
    await ask(conv, `제 번호 ${PHONE}`);
    const count = async (where: ReturnType<typeof sql>) =>
      rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from chatbot_message_originals where ${where}`))[0]!.n;
    expect(await count(sql`conversation_id = ${conv.conversationId}`)).toBe(1);
    await t.database.db.execute(sql`delete from chatbot_conversations where id = ${conv.conversationId}`);
    expect(await count(sql`conversation_id = ${conv.conversationId}`)).toBe(0);

    const second = await start();
    await ask(second, `메일 ${EMAIL}`);
    expect(await count(sql`chatbot_id = ${botId}`)).toBeGreaterThan(0);
    const del = await api(t, owner.token)('DELETE', `${base}/chatbots/${botId}`);
    expect(del.status).toBe(200);
    expect(await count(sql`chatbot_id = ${botId}`)).toBe(0);
  });
});
