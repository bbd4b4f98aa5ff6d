/**
 * Slow clients ("slowloris", app.ts HTTP_LIMITS): headers dribbled past the headers limit, or a body never finished,
 * get the Korean 408 and the connection is closed — on the framework's path and on the data API's fast path, which
 * answers on the same HTTP server. Long answers are not requests: an event stream stays open past the request limit and
 * keeps delivering, and an idle keep-alive connection is not cut by the headers limit. Over a raw socket against a
 * listening server whose limits are shortened (production's are 20 s / 120 s, checked every 5 s).
 */
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { buildApp, HTTP_LIMITS, type TApp } from './app.ts';
import { createTestApp, dbKinds, freshDatabase, testConfig, testState, type TTestContext } from './test/helpers.ts';
import { signedIn } from './modules/admin-users/testing/console-test-kit.ts';
import { inboxChannel } from './modules/notifications/notifications.deps.ts';
import { createCustomerDb, customerServersUp, publishedShop, type TCustomerDb } from './modules/api-builder/testing/api-builder-kit.ts';

const LIMITS = { headersTimeoutMs: 300, requestTimeoutMs: 600, checkIntervalMs: 50 };
/** How long a test waits for the server to close a connection before it counts as "never": far above the limits. */
const NEVER_MS = 5_000;
const METRICS_TOKEN = 'slow-clients-metrics-token-0123456789';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type TRaw = {
  socket: Socket;
  text: () => string;
  isClosed: () => boolean;
  closedWithin: (ms: number) => Promise<boolean>;
  waitFor: (re: RegExp, ms: number) => Promise<boolean>;
};

/** A raw TCP connection: what the server sent so far, and whether (and when) it closed the connection. */
function rawClient(port: number): Promise<TRaw> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let closed = false;
    let onClose: () => void = () => {};
    const closedOnce = new Promise<void>((r) => (onClose = r));
    const socket = connect(port, '127.0.0.1', () => {
      socket.off('error', reject);
      // Writes after the server closed the connection fail (EPIPE, ECONNRESET): that is the point, not an error here.
      socket.on('error', () => {});
      resolve({
        socket,
        text: () => Buffer.concat(chunks).toString('utf8'),
        isClosed: () => closed,
        closedWithin: (ms) => Promise.race([closedOnce.then(() => true), sleep(ms).then(() => false)]),
        waitFor: async (re, ms) => {
          for (let waited = 0; waited <= ms; waited += 20) {
            if (re.test(Buffer.concat(chunks).toString('utf8'))) return true;
            await sleep(20);
          }
          return false;
        },
      });
    });
    socket.on('error', reject);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => {
      closed = true;
      onClose();
    });
  });
}

/** The server's 408: the suite's error shape in Korean, then the connection closed. */
function expectRequestTimeout(answer: string) {
  const [head, body] = answer.split('\r\n\r\n');
  expect(head).toMatch(/^HTTP\/1\.1 408 /);
  expect(JSON.parse(body!)).toEqual({ success: false, code: 'REQUEST_TIMEOUT', error: ko.errors.requestTimeout });
}

/** An app listening on loopback with the shortened limits. */
async function limitedApp(kind: 'pglite' | 'postgres'): Promise<TTestContext & { port: number }> {
  const config = testConfig({ JOBS_INTERVAL_MS: '0', METRICS_TOKEN });
  const database = await freshDatabase(kind);
  const state = await testState(kind);
  const app: TApp = await buildApp(config, { database, state, logger: false, httpLimits: LIMITS });
  await app.ready();
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    database,
    state,
    config,
    port: (app.server.address() as AddressInfo).port,
    close: async () => {
      await app.close();
      await state.close();
      await database.close();
    },
  };
}

describe.each(dbKinds)('slow clients (%s)', (kind) => {
  let t: TTestContext & { port: number };
  beforeAll(async () => {
    t = await limitedApp(kind);
  }, 60_000);
  afterAll(async () => t?.close());

  it('closes a connection whose headers are dribbled past the headers limit, with the Korean 408', async () => {
    const c = await rawClient(t.port);
    c.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    let lines = 0;
    const drip = setInterval(() => {
      if (!c.isClosed()) c.socket.write(`X-Slow-${++lines}: a\r\n`);
    }, 50);
    const closed = await c.closedWithin(NEVER_MS);
    clearInterval(drip);
    expect(closed).toBe(true);
    expectRequestTimeout(c.text());
  });

  it('closes a connection whose body never finishes (framework path), with the Korean 408', async () => {
    const c = await rawClient(t.port);
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(40) });
    c.socket.write(
      `POST /api/auth-login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    expect(await c.closedWithin(NEVER_MS)).toBe(true);
    expectRequestTimeout(c.text());
  });

  it('answers a request sent in time, and keeps an idle keep-alive connection past the headers limit', async () => {
    const c = await rawClient(t.port);
    c.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await c.waitFor(/^HTTP\/1\.1 200 /, NEVER_MS)).toBe(true);
    // Idle between requests for three times the headers limit: the limit counts from a request's first byte.
    await sleep(3 * LIMITS.headersTimeoutMs);
    expect(c.isClosed()).toBe(false);
    c.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(await c.closedWithin(NEVER_MS)).toBe(true);
    expect(c.text().match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
    expect(c.text()).not.toContain(' 408 ');
  });

  it('keeps an event stream open past the request limit, still delivering events', async () => {
    const user = await signedIn(t, { fullName: '느린 손님' });
    const c = await rawClient(t.port);
    c.socket.write(`GET /api/me/notifications/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nAuthorization: Bearer ${user.token}\r\n\r\n`);
    expect(await c.waitFor(/event: unread\ndata: \{"unread":0\}/, NEVER_MS)).toBe(true);
    expect(c.text()).toMatch(/^HTTP\/1\.1 200 /);
    expect(c.text()).toContain('text/event-stream');
    await sleep(3 * LIMITS.requestTimeoutMs);
    expect(c.isClosed()).toBe(false);
    await t.state.publish(inboxChannel(user.id), JSON.stringify({ unread: 42 }));
    expect(await c.waitFor(/event: unread\ndata: \{"unread":42\}/, NEVER_MS)).toBe(true);
    expect(c.isClosed()).toBe(false);
    expect(c.text()).not.toContain(' 408 ');
    c.socket.destroy();
  });
});

describe('slow-client limits in production', () => {
  it('sets the headers and request limits on the server the app listens with (none is 0)', async () => {
    const t = await createTestApp('pglite', { jobs: false });
    try {
      expect(t.app.server.headersTimeout).toBe(HTTP_LIMITS.headersTimeoutMs);
      expect(t.app.server.requestTimeout).toBe(HTTP_LIMITS.requestTimeoutMs);
      expect(HTTP_LIMITS.headersTimeoutMs).toBeGreaterThan(0);
      expect(HTTP_LIMITS.requestTimeoutMs).toBeGreaterThanOrEqual(HTTP_LIMITS.headersTimeoutMs);
      expect(t.app.server.keepAliveTimeout).toBe(72_000);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(customerServersUp('postgres'))('slow clients on the data API fast path', () => {
  let t: TTestContext & { port: number };
  let db: TCustomerDb;
  let shop: Awaited<ReturnType<typeof publishedShop>>;
  beforeAll(async () => {
    t = await limitedApp('pglite');
    db = await createCustomerDb('postgres');
    await db.query(`CREATE FUNCTION add_nums(a integer, b integer DEFAULT 10) RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT a + b $$`);
    shop = await publishedShop(t, db);
    const res = await shop.o('PATCH', `${shop.base}/apis/${shop.apiId}`, { functions: [{ name: 'add_nums' }] });
    expect(res.status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  /** A function call the fast path takes (POST, JSON of known small length, the API's key: rpc-fast-path.test.ts). */
  const call = (body: string, sent: string) =>
    `POST /api/v1/${shop.apiId}/rpc/add_nums HTTP/1.1\r\nHost: 127.0.0.1:${t.port}\r\napikey: ${shop.key}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${sent}`;

  it('answers a whole call, and closes one whose body never finishes with the Korean 408', async () => {
    const body = JSON.stringify({ a: 2, b: 3 });
    const whole = await rawClient(t.port);
    whole.socket.write(call(body, body));
    expect(await whole.waitFor(/\r\n\r\n5$/, NEVER_MS)).toBe(true);
    expect(whole.text()).toMatch(/^HTTP\/1\.1 200 /);
    whole.socket.destroy();

    const slow = await rawClient(t.port);
    slow.socket.write(call(body, body.slice(0, 4)));
    expect(await slow.closedWithin(NEVER_MS)).toBe(true);
    expectRequestTimeout(slow.text());
    // The call cut off is not the server's failure: nothing is recorded as a 500 of the function route.
    await sleep(200);
    const metrics = await (await fetch(`http://127.0.0.1:${t.port}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(metrics).toMatch(/^http_requests_total\{method="POST",route="\/api\/v1\/:apiId\/rpc\/:fn",status="200"\} 1$/m);
    expect(metrics).not.toMatch(/route="\/api\/v1\/:apiId\/rpc\/:fn",status="500"/);
  });
});
