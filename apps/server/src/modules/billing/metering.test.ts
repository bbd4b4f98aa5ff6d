import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { METERS, type TMeter } from '@suite/shared/plans';
import { createPostgresDatabase, createTestApp, dbKinds, freshDatabase } from '../../test/helpers.ts';
import { openDatabase, type TDb } from '../../db/client.ts';
import { billingEvents, billingUsage } from '../../db/schema-billing.ts';
import { retriedCallId } from '../../lib/metering/meter.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { createCustomerDb, customerServersUp, listenOnLoopback, publishedShop, type TCustomerDb } from '../api-builder/testing/api-builder-kit.ts';
import { FAQ } from '../chatbot/testing/faq-set.ts';
import { directWorkspace, eventCallback, idle, nextTs, sendEvent, slackTestApp, type TSlackTest } from '../slack/testing/slack-test-kit.ts';
import { embeddingBudget } from '../slack/workspace.service.ts';
import { billingOf } from './billing.module.ts';
import { recordGauges } from './metering.service.ts';
import { writeMeteredEvents } from './metering.repository.ts';

const SHOP = 'https://shop.example';

/** A seed's stored events (id, meter, quantity). */
const eventsOf = (db: TDb, seedId: string, meter?: TMeter) =>
  db
    .select({ id: billingEvents.id, meter: billingEvents.meter, quantity: billingEvents.quantity, period: billingEvents.period, at: billingEvents.occurredAt })
    .from(billingEvents)
    .where(meter ? and(eq(billingEvents.seedId, seedId), eq(billingEvents.meter, meter)) : eq(billingEvents.seedId, seedId));

/** Every billing_usage row next to the aggregate recomputed from billing_events by each meter's own rule. */
async function usageAgainstEvents(db: TDb) {
  const stored = await db.select().from(billingUsage);
  const raw = await db
    .select({
      seedId: billingEvents.seedId,
      period: billingEvents.period,
      meter: billingEvents.meter,
      count: sql<number>`count(*)::int`,
      sum: sql<number>`sum(${billingEvents.quantity})::bigint`.mapWith(Number),
      max: sql<number>`max(${billingEvents.quantity})::bigint`.mapWith(Number),
    })
    .from(billingEvents)
    .groupBy(billingEvents.seedId, billingEvents.period, billingEvents.meter);
  const key = (r: { seedId: string; period: string; meter: string }) => `${r.seedId}|${r.period}|${r.meter}`;
  // Count meters add quantities: 1 an event, n for a row that folds a journal chunk's plain data-API calls.
  const recomputed = new Map(
    raw.map((r) => {
      const agg = METERS[r.meter as TMeter].aggregation;
      return [key(r), agg === 'count' ? { value: r.sum, events: r.sum } : { value: r[agg], events: r.count }];
    }),
  );
  return { stored: new Map(stored.map((r) => [key(r), { value: r.value, events: r.events }])), recomputed };
}

describe.each(customerServersUp('postgres') ? dbKinds : [])('metering on %s', (kind) => {
  let s: TSlackTest;
  let customer: TCustomerDb;
  let shop: Awaited<ReturnType<typeof publishedShop>>;
  let origin: string;
  let botId: string;
  const db = () => s.t.database.db;
  const flush = () => s.t.app.ctx.meter.flush();
  /** Data-API calls stored for a seed: the quantities (a folded row counts its calls). */
  const callsOf = async (seedId: string) => (await eventsOf(db(), seedId, 'api.calls')).reduce((n, e) => n + e.quantity, 0);

  beforeAll(async () => {
    s = await slackTestApp(kind, { llm: true, slack: false });
    customer = await createCustomerDb('postgres');
    shop = await publishedShop(s.t, customer);
    origin = await listenOnLoopback(s.t);
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await customer?.drop();
  });

  it('counts every answered data-API call once (fast path, framework route), a retried write with its Idempotency-Key once, refusals never', async () => {
    const url = `/api/v1/${shop.apiId}/customers`;
    const get = (path: string, key = shop.key) => fetch(`${origin}${path}`, { headers: { apikey: key } });
    // Reads over HTTP (the fast path serves them) and one through the framework (inject skips the fast path).
    for (let i = 0; i < 3; i++) expect((await get(`${url}?select=id,name`)).status).toBe(200);
    expect((await s.t.app.inject({ method: 'GET', url: `${url}?select=id`, headers: { apikey: shop.key } })).statusCode).toBe(200);
    expect((await get(url, 'wrong-key')).status).toBe(401);
    expect((await get(`/api/v1/${shop.apiId}/secrets`)).status).toBe(404);
    const post = (path: string, body: unknown, key?: string) =>
      fetch(`${origin}${path}`, {
        method: 'POST',
        headers: { apikey: shop.key, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
        body: JSON.stringify(body),
      });
    // The same write retried with its key: one event; the key on another URL: another event; no key: each counts.
    expect((await post(url, { name: '재시도 고객' }, 'key-1')).status).toBe(201);
    expect((await post(url, { name: '재시도 고객' }, 'key-1')).status).toBe(201);
    expect((await post(`${url}?columns=name`, { name: '다른 주소' }, 'key-1')).status).toBe(201);
    expect((await post(url, { name: '키 없음' })).status).toBe(201);
    expect((await post(url, { nope: 1 })).status).toBe(400);
    await flush();
    const calls = await eventsOf(db(), shop.seedId, 'api.calls');
    const ids = calls.map((e) => e.id);
    // The two keyed writes keep their own rows; the five plain calls (3 + 1 reads, 1 write without a key) are one row
    // of this flush's journal chunk, counted 5.
    expect(ids).toContain(retriedCallId(shop.seedId, 'POST', url, 'key-1'));
    expect(ids).toContain(retriedCallId(shop.seedId, 'POST', `${url}?columns=name`, 'key-1'));
    const folded = calls.filter((e) => e.id.startsWith('api-batch:'));
    expect(folded.reduce((n, e) => n + e.quantity, 0)).toBe(3 + 1 + 1);
    expect(calls.filter((e) => !e.id.startsWith('api-batch:')).every((e) => e.quantity === 1)).toBe(true);
    expect(calls.every((e) => /^\d{4}-\d{2}$/.test(e.period))).toBe(true);
    expect(await callsOf(shop.seedId)).toBe(3 + 1 + 2 + 1);
    // Two more flushes with nothing new add nothing.
    await flush();
    await flush();
    expect(await callsOf(shop.seedId)).toBe(7);
  });

  it('counts an admin-builder request as one data-API call of its seed, however many calls it makes in process', async () => {
    const before = await callsOf(shop.seedId);
    const base = `/api/seeds/${shop.seedId}/admin-builder`;
    const made = await shop.o('POST', `${base}/apps`, { name: '주문 백오피스', connectionId: shop.connectionId, tables: ['customers', 'orders'] });
    expect(made.status).toBe(201);
    const appId = made.body.id as string;
    // A list of orders reads the orders and their customers' names (two calls in process): one event.
    expect((await shop.o('GET', `${base}/apps/${appId}/tables/orders/rows`)).status).toBe(200);
    expect((await shop.o('POST', `${base}/apps/${appId}/tables/customers/rows`, { name: '백오피스 고객' })).status).toBe(201);
    await flush();
    expect((await callsOf(shop.seedId)) - before).toBe(2);
  });

  it('bills an answered chatbot question and the model’s tokens by the message id; "don’t know" is not an answer', async () => {
    const o = api(s.t, shop.owner.token);
    botId = (await o('POST', `/api/seeds/${shop.seedId}/chatbots`, { name: '그릇가게', allowedOrigins: [SHOP] })).body.id as string;
    for (const f of FAQ.slice(0, 4)) expect((await o('POST', `/api/seeds/${shop.seedId}/chatbots/${botId}/sources`, { type: 'faq', ...f })).status).toBe(201);
    const headers = { origin: SHOP };
    const conv = (await s.t.app.inject({ method: 'POST', url: `/api/chatbot/${botId}/conversations`, headers })).json() as {
      conversationId: string;
      token: string;
    };
    const ask = async (text: string) => {
      const r = await s.t.app.inject({
        method: 'POST',
        url: `/api/chatbot/${botId}/conversations/${conv.conversationId}/messages`,
        headers: { ...headers, authorization: `Bearer ${conv.token}` },
        payload: { text },
      });
      expect(r.statusCode).toBe(200);
      return r.json() as { messageId: string; answer: string; answered: boolean };
    };
    const asked = s.llm!.requests.length;
    const yes = await ask('배송비는 얼마인가요?');
    expect(yes.answered).toBe(true);
    // What the fake model reported for that answer: prompt (½ token a character) + completion.
    const req = s.llm!.requests[asked]!;
    const tokens = Math.ceil(req.messages.reduce((n, m) => n + m.content.length, 0) / 2) + Math.ceil(yes.answer.length / 2);
    const no = await ask('qqzx vvkk');
    expect(no.answered).toBe(false);
    await flush();
    const answers = await eventsOf(db(), shop.seedId, 'chatbot.answers');
    expect(answers.map((e) => e.id)).toEqual([`chatbot:${yes.messageId}`]);
    const llm = await eventsOf(db(), shop.seedId, 'llm.tokens');
    expect(llm.find((e) => e.id === `llm:chatbot:${yes.messageId}`)?.quantity).toBe(tokens);
    expect(llm.some((e) => e.id === `llm:chatbot:${no.messageId}`)).toBe(s.llm!.requests.length > asked + 1);
  });

  it('bills a Slack answer and its tokens by the stored event, not the help text; embeddings’ tokens by their usage row', async () => {
    const ws = await directWorkspace(s, shop.owner.token, { id: 'T0MTR', name: '미터 팀', botUserId: 'UBOTM' });
    const o = api(s.t, shop.owner.token);
    const doc = await o('POST', `/api/slack/workspaces/${ws.id}/documents`, {
      kind: 'text',
      title: '재택근무 정책',
      content: '재택근무는 주 2회까지 신청할 수 있습니다.',
    });
    expect(doc.status).toBe(201);
    await sendEvent(
      s.t,
      eventCallback('T0MTR', { type: 'app_mention', channel: 'C0M', user: 'UKIM', text: '<@UBOTM> 재택근무는 몇 번까지 돼요?', ts: nextTs() }),
    );
    await sendEvent(s.t, eventCallback('T0MTR', { type: 'app_mention', channel: 'C0M', user: 'UKIM', text: '<@UBOTM>', ts: nextTs() }));
    await idle(s.t);
    const logs = (await o('GET', `/api/slack/workspaces/${ws.id}/logs`)).body.data as {
      id: string;
      kind: string;
      prompt_tokens: number;
      completion_tokens: number;
    }[];
    const answered = logs.find((l) => l.kind === 'search')!;
    expect(answered.prompt_tokens).toBeGreaterThan(0);
    await embeddingBudget(db(), s.t.app.ctx.meter).record(ws.id, 42);
    await flush();
    expect((await eventsOf(db(), ws.seedId, 'slack.answers')).map((e) => e.id)).toEqual([`slack:${answered.id}`]);
    const llm = await eventsOf(db(), ws.seedId, 'llm.tokens');
    expect(llm.find((e) => e.id === `llm:slack:${answered.id}`)?.quantity).toBe(answered.prompt_tokens + answered.completion_tokens);
    expect(llm.filter((e) => e.id.startsWith('llm:embeddings:')).map((e) => e.quantity)).toEqual([42]);
  });

  it('reads the gauges hourly (one event an hour, the month keeps the largest) and usage always equals the events’ aggregate', async () => {
    const deps = billingOf(s.t.app.ctx)!;
    const now = new Date();
    const first = await recordGauges({ db: db(), now: () => now });
    expect(first).toBeGreaterThanOrEqual(3);
    expect(await recordGauges({ db: db(), now: () => now })).toBe(0);
    const apps = await eventsOf(db(), shop.seedId, 'admin-builder.apps');
    expect(apps.map((e) => [e.id, e.quantity])).toEqual([[`gauge:admin-builder.apps:${shop.seedId}:${now.toISOString().slice(0, 13)}`, 1]]);
    const bytes = (await eventsOf(db(), shop.seedId, 'knowledge.bytes'))[0]!.quantity;
    expect(bytes).toBeGreaterThan(0);
    // An hour later with more knowledge, then two hours later with less: the month's figure is the largest reading.
    const o = api(s.t, shop.owner.token);
    const added = await o('POST', `/api/seeds/${shop.seedId}/chatbots/${botId}/sources`, { type: 'faq', ...FAQ[5]! });
    expect(added.status).toBe(201);
    await recordGauges({ db: db(), now: () => new Date(now.getTime() + 3_600_000) });
    expect((await o('DELETE', `/api/seeds/${shop.seedId}/chatbots/${botId}/sources/${added.body.data.id}`)).status).toBe(200);
    await recordGauges({ db: db(), now: () => new Date(now.getTime() + 7_200_000) });
    const readings = (await eventsOf(db(), shop.seedId, 'knowledge.bytes')).map((e) => e.quantity);
    expect(readings).toHaveLength(3);
    expect(Math.max(...readings)).toBeGreaterThan(bytes);

    // Replaying every stored event (a journal written twice) adds nothing; usage equals the recomputed aggregate.
    const all = await db()
      .select({
        id: billingEvents.id,
        seedId: billingEvents.seedId,
        meter: billingEvents.meter,
        quantity: billingEvents.quantity,
        at: billingEvents.occurredAt,
      })
      .from(billingEvents);
    const before = await usageAgainstEvents(db());
    expect(await writeMeteredEvents(deps.db, all as Parameters<typeof writeMeteredEvents>[1], now)).toBe(0);
    const after = await usageAgainstEvents(db());
    expect(after.stored).toEqual(before.stored);
    expect(after.stored).toEqual(after.recomputed);
    expect(after.stored.size).toBeGreaterThanOrEqual(6);
  });

  it('folds a journal chunk’s plain calls into one row per seed and month, and a replay of the chunk adds nothing', async () => {
    const deps = billingOf(s.t.app.ctx)!;
    const seedId = shop.seedId;
    const nov = new Date('2026-11-30T14:59:00Z'); // 23:59 in Seoul: November
    const dec = new Date('2026-11-30T15:01:00Z'); // 00:01 in Seoul: December
    const plain = (at: Date) => ({ id: `api:${randomUUID()}`, seedId, meter: 'api.calls' as const, quantity: 1, at });
    const chunk = [plain(nov), plain(nov), plain(dec), { id: `api:${seedId}:k-${randomUUID()}`, seedId, meter: 'api.calls' as const, quantity: 1, at: nov }];
    const usage = async (period: string) =>
      (
        await s.t.database.db
          .select()
          .from(billingUsage)
          .where(and(eq(billingUsage.seedId, seedId), eq(billingUsage.period, period), eq(billingUsage.meter, 'api.calls')))
      )[0]?.value ?? 0;
    const [n0, d0] = [await usage('2026-11'), await usage('2026-12')];
    const batch = `test-${randomUUID()}:0`;
    expect(await writeMeteredEvents(deps.db, chunk, nov, batch)).toBe(4);
    // The same chunk again (a crash after the commit, before the file was deleted): the same rows, nothing added.
    expect(await writeMeteredEvents(deps.db, chunk, nov, batch)).toBe(0);
    expect([(await usage('2026-11')) - n0, (await usage('2026-12')) - d0]).toEqual([3, 1]);
    const rows = (await eventsOf(db(), seedId, 'api.calls')).filter((e) => e.id.includes(batch));
    expect(rows.map((e) => [e.period, e.quantity]).sort()).toEqual([
      ['2026-11', 2],
      ['2026-12', 1],
    ]);
    const after = await usageAgainstEvents(db());
    expect(after.stored).toEqual(after.recomputed);
  });
});

/** A PGlite database in `dataDir` (as the server opens it), copied from the migrated template instead of migrating. */
async function folderDatabase(dataDir: string) {
  const template = await freshDatabase('pglite');
  const dump = await template.dumpDataDir!();
  await template.close();
  return openDatabase({ dataDir, loadDataDir: dump });
}

/** The server processes a test started (killed after it, whatever happened). */
const started = new Set<ChildProcess>();
afterEach(() => {
  for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  started.clear();
});

/** main.ts in its own process on `env`, resolved once it listens; `exited` resolves with the exit code. */
function startServer(env: Record<string, string>) {
  const main = new URL('../../main.ts', import.meta.url).pathname;
  const proc = spawn(process.execPath, [main], { env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(proc);
  let out = '';
  const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
  const listening = new Promise<void>((resolve, reject) => {
    const look = (d: Buffer) => {
      out += d;
      if (out.includes('실행 중입니다')) {
        proc.stdout!.off('data', look);
        resolve();
      }
    };
    proc.stdout!.on('data', look);
    proc.stderr!.on('data', (d) => (out += d));
    void exited.then(() => reject(new Error(`the server exited: ${out.slice(-2000)}`)));
  });
  return { proc, listening, exited };
}

describe.each(customerServersUp('postgres') ? dbKinds : [])('metering survives kill -9 on %s', (kind) => {
  it('every call answered 2xx before the kill is billed after the restart, none twice, none that was not sent', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'suite-meter-kill-'));
    const pg = kind === 'postgres' ? await createPostgresDatabase('suite_meter') : undefined;
    const port = kind === 'postgres' ? 3311 : 3310;
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      PORT: String(port),
      AUTH_SECRET: randomBytes(48).toString('base64url'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SHUTDOWN_DRAIN_MS: '0',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    };
    const customer = await createCustomerDb('postgres');
    try {
      // The seed, its API and key, made by an app on the database the server will use (a PGlite folder copied from the
      // migrated template, or a PostgreSQL database), then closed.
      const database = pg ? undefined : await folderDatabase(dataDir);
      const setup = await createTestApp(kind, { env, database: database ?? 'config', jobs: false, state: { redisUrl: undefined } });
      const shop = await publishedShop(setup, customer);
      await setup.close();
      await database?.close();

      const server = startServer(env);
      await server.listening;
      const url = `/api/v1/${shop.apiId}/customers`;
      const sent: string[] = [];
      const answered: string[] = [];
      let killed = false;
      const one = async () => {
        const key = randomUUID();
        sent.push(key);
        try {
          const r = await fetch(`http://127.0.0.1:${port}${url}`, {
            method: 'POST',
            headers: { apikey: shop.key, 'content-type': 'application/json', 'idempotency-key': key },
            body: JSON.stringify({ name: `버스트 ${key.slice(0, 8)}` }),
          });
          if (r.status === 201) answered.push(key);
        } catch {
          // Cut off by the kill.
        }
        if (!killed && answered.length >= 60) {
          killed = true;
          server.proc.kill('SIGKILL');
        }
      };
      // 16 callers at once until the kill, then the calls still in flight fail.
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (!killed && sent.length < 2_000) await one();
        }),
      );
      await server.exited;
      expect(answered.length).toBeGreaterThanOrEqual(60);

      // Started again on the same folder and database (in this process: the same buildApp, journal and billing module),
      // its first flush claims the dead process's journal and writes it.
      const again = await createTestApp(kind, { env, database: 'config', jobs: false, state: { redisUrl: undefined } });
      try {
        await again.app.ctx.meter.flush();
        const stored = new Set((await eventsOf(again.database.db, shop.seedId, 'api.calls')).map((e) => e.id));
        const idOf = (key: string) => retriedCallId(shop.seedId, 'POST', url, key);
        expect(answered.filter((k) => !stored.has(idOf(k)))).toEqual([]);
        const sentIds = new Set(sent.map(idOf));
        expect([...stored].filter((id) => !sentIds.has(id))).toEqual([]);
        expect(stored.size).toBeLessThanOrEqual(sent.length);
        const usage = await again.database.db
          .select({ value: billingUsage.value })
          .from(billingUsage)
          .where(and(eq(billingUsage.seedId, shop.seedId), eq(billingUsage.meter, 'api.calls')));
        expect(usage[0]?.value).toBe(stored.size);
      } finally {
        await again.close();
      }
    } finally {
      await customer.drop();
      await pg?.drop();
    }
    // A process start and, on PGlite, a database folder: seconds on a quiet machine, far more on a loaded one.
  }, 150_000);
});
