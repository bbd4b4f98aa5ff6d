/**
 * Issue 36, Korean operators and safety, on a customer PostgreSQL and a customer MariaDB database: the `chosung`
 * filter (a WHERE on the database, before the row cap) and personal numbers masked unless the key may read them.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { createTestApp, type TTestContext } from '../../test/helpers.ts';
import { ALL_TABLES, createCustomerDb, customerEngines, listenOnLoopback, publishedShop, type TCustomerDb } from './testing/api-builder-kit.ts';
import { chosungPattern, initialsOf } from './postgrest/chosung.ts';
import { maskAs, maskFound, personalKindOf, tooFewDigits } from './postgrest/pii-columns.ts';
import type { TColumn, TTableInfo } from './engines/engine.ts';

const ROW_CAP = 3;

const NAMES: [number, string | null][] = [
  [1, '박지훈'],
  [2, 'Kim'],
  [3, '민수김'],
  [4, null],
  [5, '김민수'],
  [6, '이김민수'],
  [7, '김 민수'],
  [8, '강민석'],
  [9, 'ㄱㅁㅅ'],
  [10, '김민'],
];

const MEMBERS = [
  [1, '010-1234-5678', '900101-1234567', '4111-1111-1111-1111', '110-234-567890', '김민수', '연락처 010-9876-5432 로 연락 주세요', 'minsu@example.com'],
  [2, '02-345-6789', '8501012345678', '5500000000000004', '1002-345-678901', '이서연', '주문번호 20260105-0012 확인', null],
  [3, null, null, null, null, null, null, null],
] as const;

/** What the filter means, in JS: the value's initials, spaces left out, contain the query's. */
const chosungMatches = (name: string | null, q: string) => name !== null && initialsOf(name).replace(/\s+/g, '').includes(q);

describe.each(customerEngines(['postgres', 'mysql'] as const))('초성 filter and personal numbers (%s customer database)', (engine) => {
  let t: TTestContext;
  let db: TCustomerDb;
  let origin: string;
  let shop: Awaited<ReturnType<typeof publishedShop>>;
  let piiKey: string;
  const p = (n: number) => Array.from({ length: n }, (_, i) => (engine === 'postgres' ? `$${i + 1}` : '?')).join(', ');
  const call = async (path: string, init: { method?: string; key?: string; headers?: Record<string, string>; body?: unknown } = {}) => {
    const res = await fetch(`${origin}/api/v1/${shop.apiId}${path}`, {
      method: init.method ?? 'GET',
      headers: { apikey: init.key ?? shop.key, 'content-type': 'application/json', ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await res.text();
    return { status: res.status, cache: res.headers.get('x-cache'), body: text ? JSON.parse(text) : undefined };
  };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    db = await createCustomerDb(engine);
    await db.query(`CREATE TABLE people (id integer PRIMARY KEY, name varchar(40))`);
    for (const [id, name] of NAMES) await db.query(`INSERT INTO people (id, name) VALUES (${p(2)})`, [id, name]);
    await db.query(
      `CREATE TABLE members (id integer PRIMARY KEY, phone varchar(20), rrn varchar(20), card_no varchar(30), bank_account varchar(30), account_holder varchar(30), memo text, email varchar(100))`,
    );
    for (const m of MEMBERS) {
      await db.query(`INSERT INTO members (id, phone, rrn, card_no, bank_account, account_holder, memo, email) VALUES (${p(8)})`, [...m]);
    }
    await db.query(`CREATE TABLE contacts (id integer PRIMARY KEY, member_id integer NOT NULL REFERENCES members(id), mobile varchar(20))`);
    await db.query(`INSERT INTO contacts (id, member_id, mobile) VALUES (1, 1, '010-2222-3333')`);
    db.connectionInput = { ...db.connectionInput, rowCap: ROW_CAP };
    shop = await publishedShop(t, db, {
      tables: [...ALL_TABLES, { name: 'people', methods: ['GET'] }, { name: 'members', methods: ['GET', 'PATCH'] }, { name: 'contacts', methods: ['GET'] }],
    });
    const k = await shop.o('POST', `${shop.base}/keys`, { name: '개인정보 키', apiId: shop.apiId, readPersonalData: true, rateLimitPerMinute: 100_000 });
    expect(k.status).toBe(201);
    piiKey = k.body.key;
    // The cache on (TTL), as a customer runs it: masked and unmasked answers must never share an entry.
    expect((await shop.o('PATCH', `${shop.base}/apis/${shop.apiId}`, { cacheMode: 'ttl', cacheTtlSeconds: 60 })).status).toBe(200);
    origin = await listenOnLoopback(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('chosung keeps the rows whose initials contain the query, as the database filters them', async () => {
    for (const q of ['ㄱㅁㅅ', 'ㅁㅅ', 'ㅂㅈㅎ', 'ㄱㅁ']) {
      const r = await call(`/people?select=id,name&name=chosung.${encodeURIComponent(q)}&order=id&limit=100`);
      expect(r.status).toBe(200);
      const want = NAMES.filter(([, n]) => chosungMatches(n, q)).map(([id]) => id);
      // The row cap (3) bounds the answer; what it holds is the first matching rows, so the filter ran before it.
      expect(r.body.map((x: { id: number }) => x.id)).toEqual(want.slice(0, ROW_CAP));
    }
    // The same rows as the regular expression run directly on the engine (no cap).
    const pattern = chosungPattern('ㄱㅁㅅ');
    const direct = await db.query(
      engine === 'postgres' ? `SELECT id FROM people WHERE name ~ $1 ORDER BY id` : `SELECT id FROM people WHERE name REGEXP ? ORDER BY id`,
      [pattern],
    );
    expect(direct.map((x) => Number(x.id))).toEqual([5, 6, 7, 8, 9]);
    const capped = await call(`/people?select=id&name=chosung.${encodeURIComponent('ㄱㅁㅅ')}&order=id`);
    expect(capped.body).toEqual([{ id: 5 }, { id: 6 }, { id: 7 }]);
    const paged = await call(`/people?select=id&name=chosung.${encodeURIComponent('ㄱㅁㅅ')}&order=id&offset=3`);
    expect(paged.body).toEqual([{ id: 8 }, { id: 9 }]);
  });

  it('not.chosung, a syllable in the query, and chosung inside or=()', async () => {
    const not = await call(`/people?select=id&name=not.chosung.${encodeURIComponent('ㄱㅁㅅ')}&order=id.desc`);
    expect(not.status).toBe(200);
    expect(not.body).toEqual([{ id: 10 }, { id: 3 }, { id: 2 }]);
    const syllable = await call(`/people?select=id&name=chosung.${encodeURIComponent('김ㅁㅅ')}&order=id`);
    expect(syllable.body).toEqual([{ id: 5 }, { id: 6 }, { id: 7 }]);
    const or = await call(`/people?select=id&or=(name.chosung.${encodeURIComponent('ㅂㅈㅎ')},id.eq.2)&order=id`);
    expect(or.body).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('refuses a query that is not Hangul consonants or syllables, and a column that is not text', async () => {
    const bad = await call(`/people?name=chosung.abc`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'PGRST100', message: expect.stringContaining('한글 자음') });
    const empty = await call(`/people?name=chosung.`);
    expect(empty.status).toBe(400);
    const notText = await call(`/people?id=chosung.${encodeURIComponent('ㄱ')}`);
    expect(notText.status).toBe(400);
    expect(notText.body.message).toContain('문자열 컬럼');
  });

  it('masks personal numbers for a key that may not read them, and gives them to one that may', async () => {
    const masked = await call(`/members?order=id&select=id,phone,rrn,card_no,bank_account,account_holder,memo,email`);
    expect(masked.status).toBe(200);
    expect(masked.body).toEqual([
      {
        id: 1,
        phone: '010-****-5678',
        rrn: '******-*******',
        card_no: '****-****-****-1111',
        bank_account: '***-***-**7890',
        account_holder: '김민수',
        memo: '연락처 010-****-5432 로 연락 주세요',
        email: 'minsu@example.com',
      },
      {
        id: 2,
        phone: '02-***-6789',
        rrn: '*************',
        card_no: '************0004',
        bank_account: '****-***-**8901',
        account_holder: '이서연',
        memo: '주문번호 20260105-0012 확인',
        email: null,
      },
      { id: 3, phone: null, rrn: null, card_no: null, bank_account: null, account_holder: null, memo: null, email: null },
    ]);
    // The key allowed to read them: the values as stored (same as SQL on the engine), not the masked entry from the cache.
    const open = await call(`/members?order=id&select=id,phone,rrn,card_no,bank_account,account_holder,memo,email`, { key: piiKey });
    expect(open.status).toBe(200);
    const direct = await db.query(`SELECT id, phone, rrn, card_no, bank_account, account_holder, memo, email FROM members ORDER BY id`);
    expect(open.body).toEqual(direct.map((r) => ({ ...r, id: Number(r.id) })));
    // And back: the masked key never gets the unmasked entry the other key cached.
    const again = await call(`/members?order=id&select=id,phone,rrn,card_no,bank_account,account_holder,memo,email`);
    expect(again.cache).toBe('HIT');
    expect(again.body[0].phone).toBe('010-****-5678');
    const openAgain = await call(`/members?order=id&select=id,phone,rrn,card_no,bank_account,account_holder,memo,email`, { key: piiKey });
    expect(openAgain.body[0].phone).toBe('010-1234-5678');
  });

  it('masks embedded rows and a returned representation too', async () => {
    const embedded = await call(`/members?select=id,contacts(mobile)&id=eq.1`);
    expect(embedded.body).toEqual([{ id: 1, contacts: [{ mobile: '010-****-3333' }] }]);
    const parent = await call(`/contacts?select=id,members(phone)`);
    expect(parent.body).toEqual([{ id: 1, members: { phone: '010-****-5678' } }]);
    const patched = await call(`/members?id=eq.3`, { method: 'PATCH', headers: { prefer: 'return=representation' }, body: { phone: '010-5555-6666' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual([expect.objectContaining({ id: 3, phone: '010-****-6666' })]);
    const stored = await db.query(`SELECT phone FROM members WHERE id = 3`);
    expect(stored[0]!.phone).toBe('010-5555-6666');
  });

  it('refuses filtering or ordering by a masked column without the right, except is.null', async () => {
    const byPhone = await call(`/members?select=id&phone=like.010*`);
    expect(byPhone.status).toBe(403);
    expect(byPhone.body).toMatchObject({ code: 'PGRST403', message: expect.stringContaining('phone') });
    const inOr = await call(`/members?select=id&or=(rrn.eq.900101-1234567,id.eq.2)`);
    expect(inOr.status).toBe(403);
    const ordered = await call(`/members?select=id&order=card_no`);
    expect(ordered.status).toBe(403);
    const embedFilter = await call(`/members?select=id,contacts(id)&contacts.mobile=eq.010-2222-3333`);
    expect(embedFilter.status).toBe(403);
    const write = await call(`/members?phone=eq.010-1234-5678`, { method: 'PATCH', body: { memo: 'x' } });
    expect(write.status).toBe(403);
    const isNull = await call(`/members?select=id&rrn=is.null`);
    expect(isNull.status).toBe(200);
    expect(isNull.body).toEqual([{ id: 3 }]);
    const allowed = await call(`/members?select=id,phone&phone=eq.010-1234-5678`, { key: piiKey });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toEqual([{ id: 1, phone: '010-1234-5678' }]);
  });

  it("turns a key's right on and off from the console API, at once and audited", async () => {
    const keys = (await shop.o('GET', `${shop.base}/keys`)).body.data as { id: string; name: string }[];
    const plain = keys.find((k) => k.name === '테스트 키')!;
    const path = `/members?select=id,phone&id=eq.1`;
    expect((await call(path)).body).toEqual([{ id: 1, phone: '010-****-5678' }]);
    const on = await shop.o('PATCH', `${shop.base}/keys/${plain.id}`, { readPersonalData: true });
    expect(on.status).toBe(200);
    expect(on.body.message).toContain('개인정보');
    expect((await call(path)).body).toEqual([{ id: 1, phone: '010-1234-5678' }]);
    const off = await shop.o('PATCH', `${shop.base}/keys/${plain.id}`, { readPersonalData: false });
    expect(off.status).toBe(200);
    expect((await call(path)).body).toEqual([{ id: 1, phone: '010-****-5678' }]);
    expect((await shop.o('PATCH', `${shop.base}/keys/${plain.id}`, { readPersonalData: 'yes' })).status).toBe(400);
    expect((await shop.o('PATCH', `${shop.base}/keys/00000000-0000-4000-8000-000000000000`, { readPersonalData: true })).status).toBe(404);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'api_builder.key_personal_data')).orderBy(asc(auditLog.id));
    expect(audit.map((r) => (r.metadata as { readPersonalData: boolean }).readPersonalData)).toEqual([true, false]);
  });

  it('refuses aggregates of a masked column other than count(), and searches min()/max() of text', async () => {
    expect((await shop.o('PATCH', `${shop.base}/apis/${shop.apiId}`, { aggregatesEnabled: true })).status).toBe(200);
    const max = await call(`/members?select=phone.max()`);
    expect(max.status).toBe(403);
    expect(max.body).toMatchObject({ code: 'PGRST403', message: expect.stringContaining('phone') });
    const count = await call(`/members?select=phone.count()`);
    expect(count.status).toBe(200);
    expect(count.body).toEqual([{ count: 3 }]);
    const memo = await call(`/members?select=memo.min()`);
    expect(memo.status).toBe(200);
    expect(memo.body).toEqual([{ min: '연락처 010-****-5432 로 연락 주세요' }]);
    const grouped = await call(`/members?select=phone,count()&id=eq.1`);
    expect(grouped.body).toEqual([{ phone: '010-****-5678', count: 1 }]);
    const open = await call(`/members?select=phone.max()`, { key: piiKey });
    expect(open.status).toBe(200);
    expect(open.body).toEqual([{ max: '02-345-6789' }]);
  });

  it('lists the key right in the console API', async () => {
    const keys = await shop.o('GET', `${shop.base}/keys`);
    const byName = new Map((keys.body.data as { name: string; readPersonalData: boolean }[]).map((k) => [k.name, k.readPersonalData]));
    expect(byName.get('개인정보 키')).toBe(true);
    expect(byName.get('테스트 키')).toBe(false);
    const bad = await shop.o('POST', `${shop.base}/keys`, { name: '잘못', apiId: shop.apiId, readPersonalData: 'yes' });
    expect(bad.status).toBe(400);
  });
});

describe('초성 patterns and personal column names (pure)', () => {
  it('maps syllables to initial consonants and builds the pattern', () => {
    expect(initialsOf('김민수')).toBe('ㄱㅁㅅ');
    expect(initialsOf('까치 A동')).toBe('ㄲㅊ Aㄷ');
    expect(chosungPattern('ㄱ ㅁ')).toBe('[가-깋ㄱ]\\s*[마-밓ㅁ]');
    expect(chosungPattern('ㅎ')).toBe('[하-힣ㅎ]');
    expect(() => chosungPattern('ㅏ')).toThrow();
    expect(() => chosungPattern('.*')).toThrow();
  });

  it('finds personal columns by name, not ids, names or keys', () => {
    const col = (name: string, type = 'character varying'): TColumn => ({ name, type, nullable: true, hasDefault: false, position: 1 });
    const table = (c: TColumn): TTableInfo => ({ name: 't', kind: 'table', columns: [c], primaryKey: ['id'], foreignKeys: [] });
    const kind = (name: string, type?: string) => personalKindOf(table(col(name, type)), col(name, type));
    expect(kind('rrn')).toBe('rrn');
    expect(kind('jumin_no')).toBe('rrn');
    expect(kind('residentNumber')).toBe('rrn');
    expect(kind('주민등록번호')).toBe('rrn');
    expect(kind('mobile')).toBe('phone');
    expect(kind('tel_no')).toBe('phone');
    expect(kind('phoneNumber')).toBe('phone');
    expect(kind('휴대폰')).toBe('phone');
    expect(kind('연락처')).toBe('phone');
    expect(kind('credit_card')).toBe('card');
    expect(kind('카드번호')).toBe('card');
    expect(kind('bank_account')).toBe('account');
    expect(kind('계좌번호')).toBe('account');
    expect(kind('phone', 'bigint')).toBe('phone');
    for (const name of ['account_id', 'account_holder', 'card_type', 'phone_verified_at', 'hotel', 'title', 'name', '예금주명', 'id'])
      expect(kind(name)).toBeUndefined();
    expect(kind('phone', 'date')).toBeUndefined();
  });

  it('masks by kind and finds numbers in free text', () => {
    expect(maskAs('phone', '01012345678')).toBe('010****5678');
    expect(maskAs('phone', '1588-1234')).toBe('****-1234');
    expect(maskAs('rrn', '９００１０１-1234567')).toBe('******-*******');
    expect(maskAs('account', '123-45')).toBe('***-**');
    expect(maskFound('가격 12,000원, 2026-01-05')).toBe('가격 12,000원, 2026-01-05');
    expect(maskFound('주민번호 900101-1234567')).toBe('주민번호 ******-*******');
    // Digits of other scripts count towards the nine the search needs (the quick count before the expression).
    expect(maskFound('연락처 ０１０-１２３４-５６７８')).toBe('연락처 ０１０-****-５６７８');
    expect(maskFound('전화 010 1234 5678 부탁')).toBe('전화 010 **** 5678 부탁');
    expect(maskFound('상품 4242')).toBe('상품 4242');
    expect(maskFound('주문 20261126')).toBe('주문 20261126');
  });

  it('the quick digit count never skips a value the expression would search', () => {
    // Every text with nine digits of a script the count handles on its own path: ASCII, full-width, Arabic-Indic,
    // Devanagari, and one outside the BMP (mathematical digits, sent to the expression); each mixed with Hangul.
    const scripts = [
      (d: number) => String(d),
      (d: number) => String.fromCharCode(0xff10 + d),
      (d: number) => String.fromCharCode(0x660 + d),
      (d: number) => String.fromCharCode(0x966 + d),
      (d: number) => String.fromCodePoint(0x1d7ce + d),
    ];
    const enough = /(?:\p{Nd}\D{0,3}){9}/u;
    for (const [i, digit] of scripts.entries()) {
      const astral = i === scripts.length - 1;
      const nine = [0, 1, 0, 1, 2, 3, 4, 5, 6].map(digit).join('');
      const eight = [0, 1, 0, 1, 2, 3, 4, 5].map(digit).join('');
      for (const text of [`번호 ${nine}`, nine, `가${nine}나`, `${eight.slice(0, 4)}-${nine.slice(4)} 입니다`]) {
        expect(enough.test(text), text).toBe(true);
        expect(tooFewDigits(text), text).toBe(false);
      }
      // Eight digits: skipped (the expression agrees there was nothing to find), except outside the BMP, where the
      // count leaves the value to the expression.
      for (const text of [`번호 ${eight}번`, `가나다라 ${eight}`]) {
        expect(enough.test(text), text).toBe(false);
        expect(tooFewDigits(text), text).toBe(!astral);
      }
    }
  });
});
