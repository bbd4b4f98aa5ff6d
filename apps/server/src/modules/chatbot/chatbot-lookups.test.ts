/**
 * Chatbot lookups (issue 29) over a table published by the API builder, on a PostgreSQL and a MariaDB customer
 * database: the owner's definitions (validated against the published schema), the dialog (key, then the phone's last
 * four digits), answers with only the reply columns, one refusal for "no such order" and "wrong digits", the attempts
 * cap, the audit row — and that a lookup never reads another row, counted by the customer database itself
 * (PostgreSQL's pg_stat_user_tables, MariaDB's information_schema.TABLE_STATISTICS with userstat on).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koChatbotLookups } from '@suite/shared/messages/ko-chatbot-lookups';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { ALL_TABLES, createCustomerDb, customerServersUp, MYSQL_ADMIN, publishedShop, type TCustomerDb } from '../api-builder/testing/api-builder-kit.ts';
import mysql from 'mysql2/promise';
import { equalsValueIn, isCancel, last4In, LOOKUP_ATTEMPTS } from './lookup-dialog.ts';
import { LOOKUP_LOCK, normalKey } from './lookup-locks.ts';

const d = koChatbotLookups.dialog;
const ORDER = '20261126-0012';
const OTHER = '20261126-0013';
const ROWS = 2_000;

/** 2,000 orders, two of them the test's own (the rest make PostgreSQL's planner prefer the key's index, as in a real shop). */
function orders(): [string, string, string, string, string][] {
  const out: [string, string, string, string, string][] = [];
  for (let i = 1; i <= ROWS; i++) {
    const no = `20261001-${String(i).padStart(4, '0')}`;
    out.push([no, `010-5555-${String(1000 + (i % 9000)).padStart(4, '0')}`, '배송 완료', '한진택배', `부산시 ${i}번지`]);
  }
  out.push([ORDER, '010-1234-5678', '배송 중', 'CJ대한통운', '서울시 마포구 비밀로 1']);
  out.push([OTHER, '010-9876-4321', '상품 준비 중', '우체국택배', '대전시 유성구 숨김로 2']);
  return out;
}

async function addOrders(db: TCustomerDb) {
  await db.query(
    'CREATE TABLE shop_orders (order_no varchar(30) PRIMARY KEY, phone varchar(20) NOT NULL, status varchar(30) NOT NULL, carrier varchar(30), address varchar(100))',
  );
  const rows = orders();
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const ph = chunk.map((_, r) => `(${[0, 1, 2, 3, 4].map((c) => (db.kind === 'postgres' ? `$${r * 5 + c + 1}` : '?')).join(', ')})`).join(', ');
    await db.query(`INSERT INTO shop_orders (order_no, phone, status, carrier, address) VALUES ${ph}`, chunk.flat());
  }
  if (db.kind === 'postgres') await db.query('ANALYZE shop_orders');
}

/**
 * Rows of shop_orders the customer database read while `fn` ran. PostgreSQL: sequential-scan rows plus rows fetched
 * through an index, from pg_stat_user_tables once the suite's connections have flushed their counts (an idle backend
 * does within about ten seconds; `idx_scan` grows by one a lookup; `seqRows` are rows read by sequential scans). MariaDB: TABLE_STATISTICS.ROWS_READ (userstat on).
 */
async function rowsRead(db: TCustomerDb, fn: () => Promise<void>, scans = 1): Promise<{ read: number; seqRows: number }> {
  if (db.kind === 'postgres') {
    const stats = async () =>
      (
        await db.query(
          "SELECT seq_scan::int AS seq_scan, seq_tup_read::int AS seq_tup_read, coalesce(idx_scan, 0)::int AS idx_scan, coalesce(idx_tup_fetch, 0)::int AS idx_tup_fetch FROM pg_stat_user_tables WHERE relname = 'shop_orders'",
        )
      )[0] as { seq_scan: number; seq_tup_read: number; idx_scan: number; idx_tup_fetch: number };
    await db.query('SELECT pg_stat_clear_snapshot()');
    const before = await stats();
    await fn();
    let after = before;
    // Waits for the lookups' index scans, or for a sequential scan that read rows (a lookup that scanned the table). A
    // sequential scan that read nothing is left out: setting up the shop leaves one (0 rows) whose count an idle
    // connection may flush only now, within this window.
    for (let i = 0; i < 150 && after.idx_scan < before.idx_scan + scans && after.seq_tup_read === before.seq_tup_read; i++) {
      await new Promise((r) => setTimeout(r, 200));
      await db.query('SELECT pg_stat_clear_snapshot()');
      after = await stats();
    }
    expect(after.idx_scan, 'one index scan of shop_orders a lookup').toBe(before.idx_scan + scans);
    const seqRows = after.seq_tup_read - before.seq_tup_read;
    return { read: seqRows + after.idx_tup_fetch - before.idx_tup_fetch, seqRows };
  }
  const read = async () => {
    const rows = await db.query("SELECT ROWS_READ AS n FROM information_schema.TABLE_STATISTICS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'shop_orders'", [
      db.database,
    ]);
    return Number(rows[0]?.n ?? 0);
  };
  const before = await read();
  await fn();
  return { read: (await read()) - before, seqRows: 0 };
}

const engines = (['postgres', 'mysql'] as const).filter((e) => customerServersUp(e));

describe('verification values (review F1.2)', () => {
  it('takes a message as the last four digits only when it essentially is them', () => {
    for (const [text, want] of [
      ['1234', '1234'],
      ['뒤 4자리 1234요', '1234'],
      ['5678입니다', '5678'],
      ['5678이요', '5678'],
      ['휴대폰 번호 뒤 4자리는 1234입니다', '1234'],
      ['010-1234-5678', '5678'],
      ['123', 'short'],
    ] as const)
      expect(last4In(text), text).toBe(want);
    for (const text of [
      '3000원이요?',
      '3000원이요',
      '12개요',
      '1234번 상품 있어요',
      '1234 맞나요',
      '배송 언제 와요',
      '2026년 11월 30일 도착하나요',
      '1234 5678',
    ])
      expect(last4In(text), text).toBeUndefined();
  });
  it('takes a message as an equals value only when it is short and not a question or a request', () => {
    expect(equalsValueIn(' 010-1234-5678. ')).toBe('010-1234-5678');
    expect(equalsValueIn('홍길동')).toBe('홍길동');
    for (const text of ['배송비는 얼마예요', '언제 와요', '상담원 연결해 주세요', '반품 가능한가요', '이거 정말 너무 늦게 오는 것 같은데 확인 좀'])
      expect(equalsValueIn(text), text).toBeUndefined();
  });
  it("cancels on '취소' and '그만' alone, not on a question about cancelling", () => {
    for (const text of ['취소', '그만', '취소할게요', '그만할게요.', '조회 취소']) expect(isCancel(text), text).toBe(true);
    for (const text of ['주문 취소하고 싶어요', '취소 수수료 있나요?']) expect(isCancel(text), text).toBe(false);
  });
  it('counts one key however its digits are written', () => {
    expect(normalKey('０１００１')).toBe(normalKey('1001'));
    expect(normalKey('A-10023')).toBe(normalKey('a-10023'));
  });
});

describe.runIf(engines.length === 2).each(dbKinds)('chatbot lookups (%s)', (kind) => {
  let t: TTestContext;
  const dbs = {} as Record<'postgres' | 'mysql', TCustomerDb>;
  const shops = {} as Record<'postgres' | 'mysql', Awaited<ReturnType<typeof publishedShop>> & { botId: string; lookupId: string }>;
  let userstatWas = 'OFF';

  beforeAll(async () => {
    const admin = await mysql.createConnection(MYSQL_ADMIN);
    userstatWas = String(((await admin.query("SHOW GLOBAL VARIABLES LIKE 'userstat'"))[0] as { Value: string }[])[0]?.Value ?? 'OFF');
    await admin.query('SET GLOBAL userstat = 1');
    await admin.end();
    t = await createTestApp(kind, { jobs: false });
    for (const engine of engines) {
      const db = await createCustomerDb(engine);
      dbs[engine] = db;
      await addOrders(db);
      const shop = await publishedShop(t, db, { tables: [...ALL_TABLES, { name: 'shop_orders', methods: ['GET'] }] });
      const bot = await shop.o('POST', `/api/seeds/${shop.seedId}/chatbots`, { name: '주문 도우미', allowedOrigins: [] });
      expect(bot.status).toBe(201);
      // An FAQ entry that shares the lookup's words: it still answers its own question.
      const faq = await shop.o('POST', `/api/seeds/${shop.seedId}/chatbots/${bot.body.id}/sources`, {
        type: 'faq',
        question: '배송비는 얼마인가요?',
        answer: '배송비는 3,000원이고 5만 원 이상 주문하면 무료입니다.',
      });
      expect(faq.status).toBe(201);
      shops[engine] = { ...shop, botId: bot.body.id, lookupId: '' };
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    for (const db of Object.values(dbs)) await db.drop();
    const admin = await mysql.createConnection(MYSQL_ADMIN);
    await admin.query(`SET GLOBAL userstat = ${userstatWas === 'ON' ? 1 : 0}`);
    await admin.end();
  });

  const lookupsUrl = (e: 'postgres' | 'mysql') => `/api/seeds/${shops[e].seedId}/chatbots/${shops[e].botId}/lookups`;
  const valid = (e: 'postgres' | 'mysql') => ({
    name: '주문 배송 조회',
    apiId: shops[e].apiId,
    table: 'shop_orders',
    keyColumn: 'order_no',
    verifyColumn: 'phone',
    verifyRule: 'last4',
    replyColumns: ['status', 'carrier'],
    labels: { order_no: '주문번호', phone: '휴대폰 번호', status: '배송 상태', carrier: '택배사' },
    keywords: '주문 배송 조회',
  });

  let visitors = 0;
  const start = async (e: 'postgres' | 'mysql') => {
    const ip = `10.9.${Math.floor(++visitors / 250)}.${visitors % 250}`;
    const r = await t.app.inject({ method: 'POST', url: `/api/chatbot/${shops[e].botId}/conversations`, remoteAddress: ip });
    expect(r.statusCode).toBe(201);
    return { ...(r.json() as { conversationId: string; token: string }), ip, e };
  };
  type TConv = Awaited<ReturnType<typeof start>>;
  const ask = async (c: TConv, text: string) => {
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/chatbot/${shops[c.e].botId}/conversations/${c.conversationId}/messages`,
      remoteAddress: c.ip,
      headers: { authorization: `Bearer ${c.token}` },
      payload: { text },
    });
    expect(r.statusCode).toBe(200);
    return r.json() as { answer: string; answered: boolean; sources: unknown[]; lookup?: { name: string } };
  };

  for (const e of engines) {
    describe(`customer database: ${e}`, () => {
      it('validates a lookup against the published schema, with Korean 4xx errors', async () => {
        const o = shops[e].o;
        const bad = async (body: Record<string, unknown>, status: number, message: RegExp) => {
          const r = await o('POST', lookupsUrl(e), { ...valid(e), ...body });
          expect(r.status, JSON.stringify(body)).toBe(status);
          expect(JSON.stringify(r.body), JSON.stringify(body)).toMatch(message);
        };
        await bad({ name: '' }, 400, /조회 이름을 입력해 주세요/);
        await bad({ name: '가'.repeat(41) }, 400, /40자까지/);
        await bad({ verifyRule: 'first4' }, 400, /확인 방식은/);
        await bad({ replyColumns: [] }, 400, /답할 열을 하나 이상/);
        await bad({ table: 'secrets' }, 400, /'secrets' 테이블은 이 API에서 읽기\(GET\)로 공개되어 있지 않습니다/);
        await bad({ keyColumn: 'order_id' }, 400, /'shop_orders' 테이블에 'order_id' 열이 없습니다/);
        await bad({ replyColumns: ['status', 'nope'] }, 400, /'nope' 열이 없습니다/);
        await bad({ replyColumns: ['status', 'phone'] }, 400, /확인에 쓰는 열은 답할 열에 넣을 수 없습니다/);
        await bad({ verifyColumn: 'order_no' }, 400, /달라야 합니다/);
        await bad({ labels: { address: '주소' } }, 400, /'address' 열은 이 조회에 쓰이지 않아/);
        // Another seed's API is not this seed's to use.
        const other = e === 'postgres' ? 'mysql' : 'postgres';
        await bad({ apiId: shops[other].apiId }, 400, /이 시드에 공개된 API가 아닙니다/);

        const created = await o('POST', lookupsUrl(e), valid(e));
        expect(created.status).toBe(201);
        expect(created.body.data).toMatchObject({
          name: '주문 배송 조회',
          table: 'shop_orders',
          replyColumns: ['status', 'carrier'],
          keywords: ['주문', '배송', '조회'],
        });
        shops[e].lookupId = created.body.data.id;
        await bad({}, 409, /같은 이름의 조회가 이미 있습니다/);
        const patched = await o('PATCH', `${lookupsUrl(e)}/${shops[e].lookupId}`, { replyColumns: ['status', 'carrier', 'nope'] });
        expect(patched.status).toBe(400);
        const noop = await o('PATCH', `${lookupsUrl(e)}/${shops[e].lookupId}`, {});
        expect(noop.status).toBe(400);
        const list = await o('GET', lookupsUrl(e));
        expect(list.status).toBe(200);
        expect(list.body.data.map((l: { name: string }) => l.name)).toEqual(['주문 배송 조회']);
      });

      it('answers the right order for the right digits with only the reply columns, reading that one row', async () => {
        const c = await start(e);
        const first = await ask(c, `주문번호 ${ORDER} 배송 어디쯤이에요?`);
        expect(first.answer).toBe(d.askLast4('휴대폰 번호'));
        expect(first.lookup).toBeUndefined();
        let answer!: Awaited<ReturnType<typeof ask>>;
        const counted = await rowsRead(dbs[e], async () => {
          answer = await ask(c, '5678이요');
        });
        expect(answer).toMatchObject({ answered: true, lookup: { name: '주문 배송 조회' }, sources: [] });
        expect(answer.answer).toBe("'주문 배송 조회' 결과입니다. 배송 상태는 배송 중, 택배사는 CJ대한통운입니다.");
        for (const hidden of ['마포구', '1234-5678', '5678', OTHER, '우체국', '한진']) expect(answer.answer).not.toContain(hidden);
        expect(counted.seqRows).toBe(0);
        expect(counted.read).toBeLessThanOrEqual(1);
        // The stored transcript keeps the digits masked.
        const stored = await t.database.db.execute(sql`select text from chatbot_messages where conversation_id = ${c.conversationId} and role = 'visitor'`);
        expect((stored as unknown as { rows: unknown[] }).rows).toHaveLength(2);
        expect(JSON.stringify(stored)).not.toContain('5678');
      }, 60_000);

      it('refuses wrong digits, another order’s digits and an unknown order with the same words, reading no other row', async () => {
        const tries: [string, string][] = [
          [ORDER, '0000'],
          [ORDER, '4321'],
          ['20991231-9999', '5678'],
        ];
        const convs: TConv[] = [];
        for (const [order] of tries) {
          const c = await start(e);
          expect((await ask(c, `${order} 주문 조회해 주세요`)).answer).toBe(d.askLast4('휴대폰 번호'));
          convs.push(c);
        }
        const answers: Awaited<ReturnType<typeof ask>>[] = [];
        const counted = await rowsRead(
          dbs[e],
          async () => {
            for (const [i, [, digits]] of tries.entries()) answers.push(await ask(convs[i]!, digits));
          },
          tries.length,
        );
        for (const answer of answers) expect(answer).toEqual({ messageId: expect.any(String), answer: d.notFound, answered: false, sources: [] });
        expect(counted.seqRows).toBe(0);
        // At most the asked order's own row, once per try on it (its key matched, its phone did not); the unknown order none.
        expect(counted.read).toBeLessThanOrEqual(2);
      }, 60_000);

      it('asks for the order number when the question names the lookup without one, and lets the FAQ answer its own question', async () => {
        const c = await start(e);
        const faq = await ask(c, '배송비는 얼마예요?');
        expect(faq.lookup).toBeUndefined();
        expect(faq.answer).toContain('3,000원');
        expect((await ask(c, '주문한 거 배송 조회하고 싶어요')).answer).toBe(d.askKey('주문번호'));
        expect((await ask(c, `${ORDER}요`)).answer).toBe(d.askLast4('휴대폰 번호'));
        expect((await ask(c, '010-1234-5678')).lookup).toEqual({ name: '주문 배송 조회' });
        // A corrected order number while the bot waits for the digits: the new order is asked about.
        expect((await ask(c, `${ORDER} 조회해 주세요`)).answer).toBe(d.askLast4('휴대폰 번호'));
        expect((await ask(c, `아 주문번호 잘못 말했어요 ${OTHER}이에요`)).answer).toBe(d.askLast4('휴대폰 번호'));
        expect((await ask(c, '4321')).answer).toBe("'주문 배송 조회' 결과입니다. 배송 상태는 상품 준비 중, 택배사는 우체국택배입니다.");
      });

      it(`caps a conversation at ${LOOKUP_ATTEMPTS} lookups and audits each without the values`, async () => {
        const c = await start(e);
        for (let i = 0; i < LOOKUP_ATTEMPTS; i++) {
          await ask(c, `주문 ${OTHER} 조회`);
          expect((await ask(c, String(1000 + i))).answer).toBe(d.notFound);
        }
        // Past the cap even the right order is not looked up.
        expect(await ask(c, `주문 ${ORDER} 조회`)).toMatchObject({ answer: d.capped, answered: false });
        type TAuditRow = { actor_id: string | null; target_id: string; metadata: Record<string, unknown> };
        const res = await t.database.db.execute(
          sql`select actor_id, target_id, metadata from audit_log where action = 'chatbot.lookup' and metadata->>'conversationId' = ${c.conversationId} order by created_at`,
        );
        const list = (res as unknown as { rows: TAuditRow[] }).rows;
        expect(list.map((r) => r.metadata.result)).toEqual([...Array<string>(LOOKUP_ATTEMPTS).fill('not_found'), 'capped']);
        expect(list[0]).toMatchObject({ actor_id: null, target_id: shops[e].botId, metadata: { lookupId: shops[e].lookupId, lookup: '주문 배송 조회' } });
        // Ids are random hex and may hold any four digits ('15678f9b-…' once failed CI), so they are blanked first.
        const text = JSON.stringify(list).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>');
        for (const value of [ORDER, OTHER, '5678', '1000']) expect(text).not.toContain(value);
      });

      type TAuditRow = { metadata: Record<string, unknown> };
      const auditsOf = async (conversationIds: string[]) => {
        const res = await t.database.db.execute(
          sql`select metadata from audit_log where action = 'chatbot.lookup' and metadata->>'conversationId' in ${sql.raw(`(${conversationIds.map((id) => `'${id}'`).join(', ')})`)}`,
        );
        return (res as unknown as { rows: TAuditRow[] }).rows.map((r) => String(r.metadata.result));
      };

      it(`locks an order after ${LOOKUP_LOCK.perKey} failed verifications across conversations, even for parallel messages and the right digits`, async () => {
        // Order 20261001-0007's phone ends in 1007 (orders()).
        const key = '20261001-0007';
        const convs: TConv[] = [];
        for (let i = 0; i < LOOKUP_LOCK.perKey + 3; i++) {
          const c = await start(e);
          expect((await ask(c, `주문 ${key} 조회`)).answer).toBe(d.askLast4('휴대폰 번호'));
          convs.push(c);
        }
        // Eight conversations guess at once: only five queries run, the rest are refused as locked with the same words.
        const answers = await Promise.all(convs.map((c, i) => ask(c, String(2000 + i))));
        for (const a of answers) expect(a).toMatchObject({ answer: d.notFound, answered: false });
        const results = await auditsOf(convs.map((c) => c.conversationId));
        expect(results.filter((r) => r === 'not_found')).toHaveLength(LOOKUP_LOCK.perKey);
        expect(results.filter((r) => r === 'locked')).toHaveLength(3);
        // A fresh conversation from a fresh address with the RIGHT digits: still the refusal, no oracle.
        const c = await start(e);
        await ask(c, `주문 ${key} 조회`);
        expect(await ask(c, '1007')).toEqual({ messageId: expect.any(String), answer: d.notFound, answered: false, sources: [] });
        expect(await auditsOf([c.conversationId])).toEqual(['locked']);
        // Another order is not locked; the owner sees the locked refusals.
        const other = await start(e);
        await ask(other, '주문 20261001-0008 조회');
        expect((await ask(other, '1008')).lookup).toEqual({ name: '주문 배송 조회' });
        const list = await shops[e].o('GET', lookupsUrl(e));
        expect(list.body.data[0].lockedLastHour).toBe(4);
      }, 60_000);

      it(`locks an address after ${LOOKUP_LOCK.perAddress} failed verifications across orders and conversations`, async () => {
        const ip = `10.77.${e === 'postgres' ? 1 : 2}.${kind === 'pglite' ? 1 : 2}`;
        const convIds: string[] = [];
        let n = 0;
        const conv = async () => {
          const c = { ...(await start(e)), ip };
          convIds.push(c.conversationId);
          return c;
        };
        for (let k = 0; k < LOOKUP_LOCK.perAddress / LOOKUP_ATTEMPTS; k++) {
          const c = await conv();
          for (let i = 0; i < LOOKUP_ATTEMPTS; i++) {
            await ask(c, `주문 20261001-${String(300 + n++).padStart(4, '0')} 조회`);
            expect((await ask(c, '0000')).answer).toBe(d.notFound);
          }
        }
        // The next order with its right digits from that address: refused as locked.
        const c = await conv();
        await ask(c, '주문 20261001-0500 조회');
        expect((await ask(c, '1500')).answer).toBe(d.notFound);
        const results = await auditsOf(convIds);
        expect(results.filter((r) => r === 'not_found')).toHaveLength(LOOKUP_LOCK.perAddress);
        expect(results.filter((r) => r === 'locked')).toHaveLength(1);
      }, 60_000);

      it('takes only a verification-shaped message as the digits; answers anything else as usual and cancels on 취소', async () => {
        const c = await start(e);
        expect((await ask(c, `주문번호 ${ORDER} 배송 어디쯤이에요?`)).answer).toBe(d.askLast4('휴대폰 번호'));
        // A question with digits is not the four digits: no lookup runs, the FAQ answers, the step stays pending.
        const priced = await ask(c, '3000원이요?');
        expect(priced.answer).not.toBe(d.notFound);
        expect(priced.lookup).toBeUndefined();
        expect((await ask(c, '배송비는 얼마인가요?')).answer).toContain('3,000원');
        expect((await ask(c, '뒤 4자리 5678요')).lookup).toEqual({ name: '주문 배송 조회' });
        expect(await auditsOf([c.conversationId])).toEqual(['found']);
        // The transcript keeps the customer's real questions.
        const stored = await t.database.db.execute(
          sql`select text from chatbot_messages where conversation_id = ${c.conversationId} and role = 'visitor' order by created_at`,
        );
        const texts = (stored as unknown as { rows: { text: string }[] }).rows.map((r) => r.text);
        expect(texts).toContain('3000원이요?');
        expect(texts).toContain('배송비는 얼마인가요?');
        // '취소' ends a pending lookup; four digits afterwards are just a message.
        expect((await ask(c, `${ORDER} 주문 조회`)).answer).toBe(d.askLast4('휴대폰 번호'));
        expect((await ask(c, '취소')).answer).toBe(d.cancelled);
        expect((await ask(c, '5678')).lookup).toBeUndefined();
        expect(await auditsOf([c.conversationId])).toEqual(['found']);
      }, 60_000);

      it('takes a short non-question as an equals value, not a question the FAQ answers', async () => {
        const created = await shops[e].o('POST', lookupsUrl(e), {
          ...valid(e),
          name: '주문 상태 확인',
          verifyRule: 'equals',
          replyColumns: ['status'],
          labels: { phone: '휴대폰 번호', status: '배송 상태' },
          keywords: '상태확인',
        });
        expect(created.status).toBe(201);
        const c = await start(e);
        expect((await ask(c, `상태확인 ${ORDER}`)).answer).toBe(d.askEquals('휴대폰 번호'));
        expect((await ask(c, '배송비는 얼마인가요?')).answer).toContain('3,000원');
        expect((await ask(c, '언제 와요')).lookup).toBeUndefined();
        expect(await auditsOf([c.conversationId])).toEqual([]);
        expect((await ask(c, '010-1234-5678')).answer).toBe("'주문 상태 확인' 결과입니다. 배송 상태는 배송 중입니다.");
        expect((await shops[e].o('DELETE', `${lookupsUrl(e)}/${created.body.data.id}`)).status).toBe(200);
      }, 60_000);

      it('deletes a lookup; the bot then answers from its knowledge only', async () => {
        const o = shops[e].o;
        expect((await o('DELETE', `${lookupsUrl(e)}/${shops[e].lookupId}`)).status).toBe(200);
        expect((await o('DELETE', `${lookupsUrl(e)}/${shops[e].lookupId}`)).status).toBe(404);
        const c = await start(e);
        const r = await ask(c, `주문번호 ${ORDER} 배송 어디쯤이에요?`);
        expect(r.lookup).toBeUndefined();
        expect(r.answer).not.toBe(d.askLast4('휴대폰 번호'));
      });
    });
  }
});
