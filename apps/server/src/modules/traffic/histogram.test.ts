import { describe, expect, it } from 'vitest';
import { LATENCY_BOUNDS_MS } from '../../db/schema-traffic.ts';
import { BUCKETS, bucketOf, percentile } from './histogram.ts';
import { API_SEED_CACHE, createTrafficRecorder, mergeTally, type TTrafficRow } from './recorder.ts';
import { serviceOfRoute } from './services.ts';

const histogram = (latencies: number[]) => {
  const counts = new Array<number>(BUCKETS).fill(0);
  for (const ms of latencies) counts[bucketOf(ms)]!++;
  return counts;
};

describe('latency histogram', () => {
  it('puts a latency in the first bucket whose bound is at or above it', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(1)).toBe(0);
    expect(bucketOf(1.01)).toBe(1);
    expect(bucketOf(100)).toBe(LATENCY_BOUNDS_MS.indexOf(100));
    expect(bucketOf(30_000)).toBe(LATENCY_BOUNDS_MS.length - 1);
    expect(bucketOf(30_001)).toBe(LATENCY_BOUNDS_MS.length);
  });

  it('reads percentiles from bucket counts, interpolating inside the bucket', () => {
    // 100 requests: 90 at 4 ms (bucket 3–5], 9 at 40 ms (30–50], 1 at 900 ms (700–1000].
    const counts = histogram([...Array(90).fill(4), ...Array(9).fill(40), 900]);
    // Rounded to 0.1 ms: 3 + 2 × 50/90 = 4.11.
    expect(percentile(counts, 0.5, 900)).toBe(4.1);
    expect(percentile(counts, 0.95, 900)).toBeCloseTo(30 + (20 * 5) / 9, 1);
    // p99 falls on the 99th request, the last in 30–50 ms.
    expect(percentile(counts, 0.99, 900)).toBe(50);
    expect(percentile(counts, 1, 900)).toBe(900);
    expect(percentile(new Array<number>(BUCKETS).fill(0), 0.5, 0)).toBeNull();
  });

  it('never reports beyond the slowest latency seen, and reads the open last bucket up to it', () => {
    expect(percentile(histogram([2.5, 2.5, 2.5, 2.5]), 0.99, 2.5)).toBeLessThanOrEqual(2.5);
    expect(percentile(histogram([45_000, 45_000]), 0.5, 45_000)).toBe(37_500);
  });

  it('gives the same percentiles for merged tallies as for one tally of all latencies', () => {
    const a = [1, 3, 8, 12, 250];
    const b = [2, 2, 70, 900, 4000];
    const tally = (ms: number[]) => ({
      requests: ms.length,
      clientErrors: 0,
      serverErrors: 0,
      rateLimited: 0,
      cacheHits: 0,
      cacheMisses: 0,
      latencySumMs: ms.reduce((x, y) => x + y, 0),
      latencyMaxMs: Math.max(...ms),
      buckets: histogram(ms),
    });
    const merged = mergeTally(tally(a), tally(b));
    const whole = tally([...a, ...b]);
    expect(merged).toEqual(whole);
    for (const q of [0.5, 0.95, 0.99]) expect(percentile(merged.buckets, q, merged.latencyMaxMs)).toBe(percentile(whole.buckets, q, whole.latencyMaxMs));
  });
});

describe('traffic recorder', () => {
  it('adds requests into minute and hour rows, resolves data-API seeds once per flush, and keeps a failed batch', async () => {
    let t = Date.parse('2026-11-27T10:59:30Z');
    const written: { minutes: TTrafficRow[]; hours: TTrafficRow[] }[] = [];
    let fail = true;
    let lookups = 0;
    const seed = '11111111-1111-4111-8111-111111111111';
    const rec = createTrafficRecorder(
      {
        write: async (batch) => {
          if (fail) throw new Error('database away');
          written.push(batch);
        },
        seedsOfApis: async (ids) => {
          lookups++;
          return new Map(ids.map((id) => [id, seed]));
        },
        existingSeeds: async (ids) => new Set(ids),
      },
      { error: () => undefined },
      () => new Date(t),
    );
    rec.record('GET', '/api/v1/:apiId/:table', 'api:a', 200, 3, 'HIT');
    rec.record('GET', '/api/v1/:apiId/:table', 'api:b', 500, 40, 'MISS');
    t += 60_000; // 11:00:30, the next minute and hour
    rec.record('GET', '/api/v1/:apiId/:table', 'api:a', 429, 1);
    await rec.flush();
    expect(written).toHaveLength(0);
    fail = false;
    await rec.flush();
    const [batch] = written;
    // apis a and b of one seed share the 10:59 rows; 11:00 has its own minute and hour rows; each in the suite-wide
    // row (seed null) and in the seed's row.
    expect(
      batch!.minutes.map((r) => [r.bucket.toISOString(), r.seedId, r.service, r.requests, r.serverErrors, r.rateLimited, r.cacheHits, r.cacheMisses]),
    ).toEqual([
      ['2026-11-27T10:59:00.000Z', null, 'data-api', 2, 1, 0, 1, 1],
      ['2026-11-27T10:59:00.000Z', seed, 'data-api', 2, 1, 0, 1, 1],
      ['2026-11-27T11:00:00.000Z', null, 'data-api', 1, 0, 1, 0, 0],
      ['2026-11-27T11:00:00.000Z', seed, 'data-api', 1, 0, 1, 0, 0],
    ]);
    expect(batch!.hours.map((r) => [r.bucket.toISOString(), r.seedId, r.requests])).toEqual([
      ['2026-11-27T10:00:00.000Z', null, 2],
      ['2026-11-27T10:00:00.000Z', seed, 2],
      ['2026-11-27T11:00:00.000Z', null, 1],
      ['2026-11-27T11:00:00.000Z', seed, 1],
    ]);
    expect(lookups).toBe(1);
  });

  it('counts refused answers and seeds that do not exist suite-wide only', async () => {
    const seed = '22222222-2222-4222-8222-222222222222';
    const gone = '33333333-3333-4333-8333-333333333333';
    const written: { minutes: TTrafficRow[] }[] = [];
    const asked: string[][] = [];
    const rec = createTrafficRecorder(
      {
        write: async (batch) => void written.push(batch),
        seedsOfApis: async () => new Map(),
        existingSeeds: async (ids) => {
          asked.push(ids);
          return new Set(ids.filter((id) => id === seed));
        },
      },
      { error: () => undefined },
      () => new Date(Date.parse('2026-11-27T10:00:00Z')),
    );
    for (const status of [200, 400, 401, 403, 404, 429, 500]) rec.record('GET', '/api/seeds/:seedId/rooms', seed, status, 2);
    rec.record('GET', '/api/seeds/:seedId/rooms', gone, 200, 2);
    await rec.flush();
    const rows = written[0]!.minutes.map((r) => [r.seedId, r.requests, r.clientErrors, r.serverErrors]);
    // 401, 403 and 404 are in the suite-wide row only; the seed that does not exist adds no row of its own.
    expect(rows).toEqual([
      [null, 8, 5, 1],
      [seed, 4, 2, 1],
    ]);
    // One existence query for the flush, with every seed it saw.
    expect(asked).toEqual([[seed, gone]]);
  });

  it('remembers found data APIs only, at most its cap of them, and asks again about an id it did not find', async () => {
    const seed = '44444444-4444-4444-8444-444444444444';
    const asked: string[][] = [];
    const known = (i: number) => `k${i}`;
    const rec = createTrafficRecorder(
      {
        write: async () => undefined,
        seedsOfApis: async (ids) => {
          asked.push(ids);
          return new Map(ids.filter((id) => id.startsWith('k')).map((id) => [id, seed]));
        },
        existingSeeds: async (ids) => new Set(ids),
      },
      { error: () => undefined },
      () => new Date(Date.parse('2026-11-27T10:00:00Z')),
      3,
    );
    expect(API_SEED_CACHE).toBe(1000);
    // 250 ids no API has: none is remembered, and one flush looks up at most 200 of them.
    for (let i = 0; i < 250; i++) rec.record('GET', '/api/v1/:apiId/:table', `api:u${i}`, 200, 1);
    await rec.flush();
    expect(asked.map((a) => a.length)).toEqual([200]);
    expect(rec.cachedApis()).toBe(0);
    rec.record('GET', '/api/v1/:apiId/:table', 'api:u0', 200, 1);
    await rec.flush();
    expect(asked[1]).toEqual(['u0']);
    // Five found APIs: the three most recent are remembered.
    for (let i = 0; i < 5; i++) rec.record('GET', '/api/v1/:apiId/:table', `api:${known(i)}`, 200, 1);
    await rec.flush();
    expect(rec.cachedApis()).toBe(3);
    rec.record('GET', '/api/v1/:apiId/:table', `api:${known(4)}`, 200, 1);
    rec.record('GET', '/api/v1/:apiId/:table', `api:${known(0)}`, 200, 1);
    await rec.flush();
    expect(asked[3]).toEqual([known(0)]);
    expect(rec.cachedApis()).toBe(3);
  });

  it('names the service of route patterns', () => {
    expect(serviceOfRoute('/api/seeds')).toBe('seeds');
    expect(serviceOfRoute('/api/seeds/:seedId')).toBe('seeds');
    expect(serviceOfRoute('/api/seeds/:seedId/bookings/:id')).toBe('rooms');
    expect(serviceOfRoute('/api/seeds/:seedId/meals/:mealId')).toBe('meal');
    expect(serviceOfRoute('/api/v1/:apiId/:table')).toBe('data-api');
    expect(serviceOfRoute('/api/seeds/:seedId/api-builder/apis')).toBe('api-builder');
    expect(serviceOfRoute('/api/chatbot/:botId/ask')).toBe('chatbot');
    expect(serviceOfRoute('/api/slack/events')).toBe('slack');
    expect(serviceOfRoute('/api/admin/monitoring/traffic')).toBe('monitoring');
    expect(serviceOfRoute('/api/admin/users')).toBe('admin');
    expect(serviceOfRoute('/api/auth-login')).toBe('auth');
    expect(serviceOfRoute('/api/me')).toBe('auth');
    expect(serviceOfRoute('(unmatched)')).toBe('platform');
  });
});
