import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type TDatabase } from '../../db/client.ts';
import { dbKinds, freshDatabase } from '../../test/helpers.ts';
import { createJobRunner } from './job-runner.ts';
import { pendingByKey } from './jobs.repository.ts';
import type { TScheduleName } from './catalogue.ts';
import { createMemoryState } from '../../state/shared-state.ts';

const silent = { error: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;

describe.each(dbKinds)('job runner (%s)', (kind) => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(async () => database?.close());

  it('two instances polling together run a due job exactly once', async () => {
    const ran: number[] = [];
    const make = () => {
      const r = createJobRunner({ db: database.db, log: silent, intervalMs: 0 });
      r.register('test.once', async (payload) => {
        ran.push(Number(payload.n));
      });
      return r;
    };
    const a = make();
    const b = make();
    const past = new Date(Date.now() - 1000);
    for (let n = 0; n < 30; n++) await a.enqueue(database.db, { kind: 'test.once', key: 'once', payload: { n }, runAt: past });
    // Both claim at the same moment, several passes each, until nothing is left.
    for (;;) {
      const [x, y] = await Promise.all([a.runDue(7), b.runDue(7)]);
      if (x + y === 0) break;
    }
    expect(ran.sort((p, q) => p - q)).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  it('does not run a job before its time, retries a failure with backoff, and gives up after max attempts', async () => {
    let now = new Date();
    const r = createJobRunner({ db: database.db, log: silent, intervalMs: 0, now: () => now, backoffBaseMs: 60_000 });
    let calls = 0;
    r.register('test.flaky', async () => {
      calls += 1;
      throw new Error('boom');
    });
    await r.enqueue(database.db, { kind: 'test.flaky', key: 'flaky', runAt: new Date(now.getTime() + 5_000), maxAttempts: 2 });
    expect(await r.runDue()).toBe(0);
    now = new Date(now.getTime() + 5_000);
    expect(await r.runDue()).toBe(1);
    expect(calls).toBe(1);
    // Retry due one minute later (base × 2^0), not before.
    now = new Date(now.getTime() + 59_000);
    expect(await r.runDue()).toBe(0);
    now = new Date(now.getTime() + 2_000);
    expect(await r.runDue()).toBe(1);
    expect(calls).toBe(2);
    now = new Date(now.getTime() + 3_600_000);
    expect(await r.runDue()).toBe(0);
    expect(await pendingByKey(database.db, 'flaky')).toEqual([]);
  });

  it('cancels by key and refuses a kind registered twice', async () => {
    const r = createJobRunner({ db: database.db, log: silent, intervalMs: 0 });
    let ran = 0;
    r.register('test.cancel', async () => {
      ran += 1;
    });
    expect(() => r.register('test.cancel', async () => undefined)).toThrow(/twice/);
    await r.enqueue(database.db, { kind: 'test.cancel', key: 'meal:x', runAt: new Date(Date.now() - 1) });
    await r.enqueue(database.db, { kind: 'test.cancel', key: 'meal:y', runAt: new Date(Date.now() - 1) });
    expect(await database.db.transaction((tx) => r.cancel(tx, 'meal:x'))).toBe(1);
    while ((await r.runDue()) > 0);
    expect(ran).toBe(1);
  });

  it('a job whose runner died mid-run is taken over once its lease expires', async () => {
    let now = new Date();
    const dying = createJobRunner({ db: database.db, log: silent, intervalMs: 0, now: () => now, leaseMs: 30_000 });
    let claimed!: () => void;
    const running = new Promise<void>((r) => (claimed = r));
    dying.register('test.lease', () => {
      claimed();
      return new Promise(() => undefined); // never finishes: the process "dies"
    });
    await dying.enqueue(database.db, { kind: 'test.lease', key: 'lease', runAt: new Date(now.getTime() - 1) });
    void dying.runDue();
    await running; // the dying runner has claimed the job and started it
    let took = 0;
    const heir = createJobRunner({ db: database.db, log: silent, intervalMs: 0, now: () => now });
    heir.register('test.lease', async () => {
      took += 1;
    });
    expect(await heir.runDue()).toBe(0);
    now = new Date(now.getTime() + 31_000);
    expect(await heir.runDue()).toBe(1);
    expect(took).toBe(1);
  });
});

describe('job runner survives a restart (PGlite on disk)', () => {
  it('a job enqueued before closing the database runs after reopening it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'suite-jobs-'));
    const first = await openDatabase({ dataDir });
    const r1 = createJobRunner({ db: first.db, log: silent, intervalMs: 0 });
    await r1.enqueue(first.db, { kind: 'test.restart', key: 'restart', payload: { hello: '세계' }, runAt: new Date(Date.now() - 1) });
    await r1.stop();
    await first.close();
    const second = await openDatabase({ dataDir });
    try {
      const seen: unknown[] = [];
      const r2 = createJobRunner({ db: second.db, log: silent, intervalMs: 0 });
      r2.register('test.restart', async (payload) => {
        seen.push(payload);
      });
      expect(await r2.runDue()).toBe(1);
      expect(seen).toEqual([{ hello: '세계' }]);
      expect(await r2.runDue()).toBe(0);
    } finally {
      await second.close();
    }
    // Creating a PGlite folder takes ≈3 s on an idle machine and far longer on a loaded one: a generous limit.
  }, 180_000);
});

describe('schedules on the job runner', () => {
  const db = {} as TDatabase['db']; // schedules never touch the jobs table (intervalMs 0 or no purge schedule)
  const specs = {
    'test.cluster': { everyMs: 1_000, scope: 'cluster' },
    'test.local': { everyMs: 1_000, scope: 'instance', firstAfterMs: 100 },
  } as const;
  const name = (n: keyof typeof specs) => n as unknown as TScheduleName;
  afterEach(() => vi.useRealTimers());

  it('a cluster schedule runs on one instance per interval, an instance schedule on each; stop waits for a running task', async () => {
    vi.useFakeTimers();
    const state = createMemoryState();
    const runs: string[] = [];
    let release: () => void = () => undefined;
    const make = (id: string) => {
      const r = createJobRunner({ db, log: silent, intervalMs: 1_000, state, schedules: specs });
      r.every(name('test.cluster'), async () => runs.push(`cluster:${id}`));
      r.every(name('test.local'), async () => {
        runs.push(`local:${id}`);
        if (id === 'a') await new Promise<void>((res) => (release = res));
      });
      return r;
    };
    const a = make('a');
    const b = make('b');
    // No runDue passes: the jobs table is not touched in this test.
    vi.spyOn(a, 'runDue').mockResolvedValue(0);
    vi.spyOn(b, 'runDue').mockResolvedValue(0);
    a.start();
    b.start();
    await vi.advanceTimersByTimeAsync(100); // firstAfterMs
    expect(runs.sort()).toEqual(['local:a', 'local:b']);
    runs.length = 0;
    await vi.advanceTimersByTimeAsync(3_000); // three intervals
    const cluster = runs.filter((r) => r.startsWith('cluster'));
    expect(cluster).toHaveLength(3); // one instance per interval, never both
    // a's local task is still running from the first tick: it is not started again over itself.
    expect(runs.filter((r) => r === 'local:a')).toHaveLength(0);
    expect(runs.filter((r) => r === 'local:b')).toHaveLength(3);
    let stopped = false;
    const stopping = a.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
    runs.length = 0;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs.some((r) => r.endsWith(':a'))).toBe(false);
    await b.stop();
  });

  it('an instance that does not poll jobs leaves cluster schedules to the others; unknown or twice-registered names throw', async () => {
    vi.useFakeTimers();
    const runs: string[] = [];
    const r = createJobRunner({ db, log: silent, intervalMs: 0, state: createMemoryState(), schedules: specs });
    r.every(name('test.cluster'), async () => runs.push('cluster'));
    r.every(name('test.local'), async () => runs.push('local'));
    expect(() => r.every(name('test.local'), async () => undefined)).toThrow(/twice/);
    expect(() => r.every('auth.prune-expired', async () => undefined)).toThrow(/catalogue/);
    r.start();
    await vi.advanceTimersByTimeAsync(2_500);
    expect(runs).toEqual(['local', 'local', 'local']);
    await r.stop();
  });
});
