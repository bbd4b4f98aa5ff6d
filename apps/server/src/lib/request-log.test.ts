/** The access line (issue 34, decision 076): which answers get one, and its shape (pino's, secrets masked). */
import { hostname } from 'node:os';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type TApp } from '../app.ts';
import { freshDatabase, testConfig, testState } from '../test/helpers.ts';
import pino from 'pino';
import { createAccessLog, flushErrorsAt, type TAccessFields, type TLogDestination } from './request-log.ts';

/** A destination that keeps every line written to it. */
function capture() {
  const lines: string[] = [];
  let pending = '';
  const dest = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _enc, cb) {
      pending += String(chunk);
      const parts = pending.split('\n');
      pending = parts.pop()!;
      lines.push(...parts);
      cb();
    },
  });
  return { dest, lines };
}

/** Lets the Writable's queued writes run. */
const settle = () => new Promise<void>((r) => setImmediate(r));

const fields: TAccessFields = {
  reqId: 'req-12345678',
  method: 'GET',
  url: '/auth/confirm?token=abc&next=/home',
  host: 'suite.example',
  remoteAddress: '10.0.0.7',
  remotePort: 51234,
  status: 200,
  responseTime: 1.25,
};

describe('createAccessLog keep()', () => {
  const sink = () => capture().dest;

  it('keeps every answer at rate 1 (and never asks random)', () => {
    let asked = 0;
    const log = createAccessLog({ dest: sink(), level: 'info', sampleRate: 1, random: () => (asked++, 0.99) });
    for (const dataApi of [true, false]) for (const status of [200, 204, 304, 399, 400, 404, 500]) expect(log.keep(dataApi, status)).toBe(true);
    expect(asked).toBe(0);
  });

  it('at rate 0 drops the data API answers below 400 only', () => {
    let asked = 0;
    const log = createAccessLog({ dest: sink(), level: 'info', sampleRate: 0, random: () => (asked++, 0) });
    for (const status of [200, 201, 206, 304, 399]) expect(log.keep(true, status)).toBe(false);
    for (const status of [400, 401, 404, 429, 500, 503]) expect(log.keep(true, status)).toBe(true);
    for (const status of [200, 302, 404, 500]) expect(log.keep(false, status)).toBe(true);
    expect(asked).toBe(0);
  });

  it('at rate 0.5 keeps a data API success when random() < 0.5; errors and the rest of the suite always', () => {
    const draws = [0.1, 0.49, 0.5, 0.9, 0];
    let asked = 0;
    const log = createAccessLog({ dest: sink(), level: 'info', sampleRate: 0.5, random: () => draws[asked++]! });
    expect(draws.map(() => log.keep(true, 200))).toEqual([true, true, false, false, true]);
    expect(asked).toBe(5);
    // Not sampled: no draw is taken for them.
    expect(log.keep(true, 400)).toBe(true);
    expect(log.keep(true, 500)).toBe(true);
    expect(log.keep(false, 200)).toBe(true);
    expect(log.keep(false, 304)).toBe(true);
    expect(asked).toBe(5);
  });

  it('samples close to the rate with the real random', () => {
    const log = createAccessLog({ dest: sink(), level: 'info', sampleRate: 0.25 });
    let kept = 0;
    for (let i = 0; i < 20_000; i++) if (log.keep(true, 200)) kept++;
    expect(kept / 20_000).toBeGreaterThan(0.22);
    expect(kept / 20_000).toBeLessThan(0.28);
  });

  it.each(['warn', 'error', 'fatal', 'silent'])('never keeps a line at level %s', (level) => {
    const log = createAccessLog({ dest: sink(), level, sampleRate: 1 });
    for (const dataApi of [true, false]) for (const status of [200, 404, 500]) expect(log.keep(dataApi, status)).toBe(false);
  });

  it.each(['info', 'debug', 'trace'])('keeps lines at level %s', (level) => {
    const log = createAccessLog({ dest: sink(), level, sampleRate: 1 });
    expect(log.keep(false, 200)).toBe(true);
  });
});

describe('createAccessLog write()', () => {
  it("writes one JSON line in pino's shape, the URL's secret query values masked", async () => {
    const { dest, lines } = capture();
    const log = createAccessLog({ dest, level: 'info', sampleRate: 1 });
    const before = Date.now();
    log.write(fields);
    await settle();
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(Object.keys(line)).toEqual(['level', 'time', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'msg']);
    expect(line).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: hostname(),
      reqId: 'req-12345678',
      req: { method: 'GET', url: '/auth/confirm?token=[가림]&next=/home', host: 'suite.example', remoteAddress: '10.0.0.7', remotePort: 51234 },
      res: { statusCode: 200 },
      responseTime: 1.25,
      msg: 'request completed',
    });
    expect(line.time as number).toBeGreaterThanOrEqual(before);
    expect(line.time as number).toBeLessThanOrEqual(Date.now());
    expect(lines[0]).not.toContain('abc');
  });

  it('masks every secret parameter (token, code, state, access_token, refresh_token), case-insensitively', async () => {
    const { dest, lines } = capture();
    const log = createAccessLog({ dest, level: 'info', sampleRate: 1 });
    log.write({ ...fields, url: '/cb?code=c1&State=s1&x=1&access_token=a1&refresh_token=r1&TOKEN=t1' });
    await settle();
    const req = (JSON.parse(lines[0]!) as { req: { url: string } }).req;
    expect(req.url).toBe('/cb?code=[가림]&State=[가림]&x=1&access_token=[가림]&refresh_token=[가림]&TOKEN=[가림]');
  });

  it('leaves out the request fields it does not know and escapes what it writes', async () => {
    const { dest, lines } = capture();
    const log = createAccessLog({ dest, level: 'info', sampleRate: 1 });
    log.write({ ...fields, url: '/a"b\\c?q=줄\n바꿈', host: undefined, remoteAddress: undefined, remotePort: undefined, status: 404 });
    await settle();
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { req: Record<string, unknown>; res: unknown };
    expect(line.req).toEqual({ method: 'GET', url: '/a"b\\c?q=줄\n바꿈' });
    expect(line.res).toEqual({ statusCode: 404 });
  });

  it('writes one line per call', async () => {
    const { dest, lines } = capture();
    const log = createAccessLog({ dest, level: 'info', sampleRate: 1 });
    for (let i = 0; i < 5; i++) log.write({ ...fields, reqId: `r${i}` });
    await settle();
    expect(lines.map((l) => (JSON.parse(l) as { reqId: string }).reqId)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
  });
});

describe('flushErrorsAt', () => {
  it('hands an error line to the destination at once (flush), not an info or warn line', async () => {
    const { dest, lines } = capture();
    let flushes = 0;
    const withFlush = Object.assign(dest, { flush: () => void flushes++ }) as unknown as TLogDestination;
    const logger = pino({ level: 'info', hooks: { logMethod: flushErrorsAt(withFlush) } }, withFlush);
    logger.info('fine');
    logger.warn('hmm');
    expect(flushes).toBe(0);
    logger.error({ err: new Error('boom') }, 'broken');
    expect(flushes).toBe(1);
    logger.fatal('down');
    expect(flushes).toBe(2);
    await settle();
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['fine', 'hmm', 'broken', 'down']);
  });
});

// The app writes one access line a request (Fastify's own "incoming request"/"request completed" pair is off). The test
// helpers build apps with logger: false and no destination, so the app is built here directly, as they do.
describe('the app access line', () => {
  let app: TApp;
  let lines: string[];
  let close: () => Promise<void>;
  beforeAll(async () => {
    const c = capture();
    lines = c.lines;
    const database = await freshDatabase('pglite');
    const state = await testState('pglite');
    // Sampling the data API down to nothing must not touch the rest of the suite's lines.
    const config = testConfig({ LOG_LEVEL: 'info', LOG_SAMPLE_RATE: '0', JOBS_INTERVAL_MS: '0' });
    app = await buildApp(config, { database, state, logDestination: c.dest });
    await app.ready();
    close = async () => {
      await app.close();
      await state.close();
      await database.close();
    };
  });
  afterAll(async () => {
    await close?.();
  });

  type TLine = { msg: string; req: { url: string }; res: { statusCode: number }; responseTime: unknown; time: unknown };
  const accessLines = () => lines.map((l) => JSON.parse(l) as TLine).filter((l) => l.msg === 'request completed' || l.msg === 'incoming request');

  it('writes exactly one "request completed" line for a request to /api/health, and no "incoming request"', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/health?token=secret-xyz' });
    expect(res.statusCode).toBe(200);
    await settle();
    const access = accessLines();
    expect(access).toHaveLength(1);
    expect(lines.filter((l) => l.includes('incoming request'))).toEqual([]);
    const [line] = access;
    expect(line).toMatchObject({
      level: 30,
      pid: process.pid,
      hostname: hostname(),
      reqId: res.headers['x-request-id'],
      req: { method: 'GET', url: '/api/health?token=[가림]' },
      res: { statusCode: 200 },
      msg: 'request completed',
    });
    expect(typeof line!.responseTime).toBe('number');
    expect(typeof line!.time).toBe('number');
    expect(JSON.stringify(line)).not.toContain('secret-xyz');
  });

  it('logs an error answer outside the data API too, one line each', async () => {
    lines.length = 0;
    const a = await app.inject({ method: 'GET', url: '/api/nope' });
    const b = await app.inject({ method: 'GET', url: '/api/health' });
    expect(a.statusCode).toBe(404);
    expect(b.statusCode).toBe(200);
    await settle();
    expect(accessLines().map((l) => [l.req.url, l.res.statusCode, l.msg])).toEqual([
      ['/api/nope', 404, 'request completed'],
      ['/api/health', 200, 'request completed'],
    ]);
  });
});
