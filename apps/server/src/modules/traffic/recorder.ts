/**
 * Records every answered /api request into per-minute tallies in memory (method, route pattern, seed), written every
 * 15 s by the job runner's 'traffic.flush' schedule and once more when the app closes (docs/decisions/056-traffic-store.md).
 * A request costs a key string, one Map lookup and a few additions: no database round trip, no promise. The write
 * adds each tally to its minute row and its hour row in one transaction (an UPSERT that adds, so instances add up);
 * lib/buffered-counter.ts keeps flushes from overlapping and adds a batch that failed back for the next one.
 *
 * The seed of a request is the route's :seedId; a data-API call (/api/v1/:apiId/…) is counted under its API and the
 * API's seed is looked up at flush time, never on the request's path. Only answers the caller was let through count
 * for a seed: a 401, 403 or 404 counts in the suite-wide row only (the module leaves out, too, a signed-out caller's
 * other refusals), and at flush time seeds that do not exist are dropped (one query per flush), so made-up ids in URLs
 * neither add seed rows nor show in a real seed's figures. The API → seed cache keeps found APIs only, at most
 * API_SEED_CACHE of them (least recently used out first); an id not found is asked again when it is next seen.
 */
import { createBufferedCounter } from '../../lib/buffered-counter.ts';
import { BUCKETS, bucketOf } from './histogram.ts';
import { serviceOfRoute } from './services.ts';
import type { TTrafficService } from '@suite/shared/schemas/traffic';

const MINUTE = 60_000;
/** The most data APIs whose seed is remembered between flushes. */
export const API_SEED_CACHE = 1000;
/** The most unknown data APIs looked up in one flush (the lookup reads at most this many; the rest wait for the next). */
const API_LOOKUPS = 200;
/** Answers that say the caller was not let through to the seed (or it is not there): suite-wide only. */
const REFUSED = new Set([401, 403, 404]);
const HOUR = 3_600_000;

export type TTally = {
  requests: number;
  clientErrors: number;
  serverErrors: number;
  rateLimited: number;
  cacheHits: number;
  cacheMisses: number;
  latencySumMs: number;
  latencyMaxMs: number;
  buckets: number[];
};

export type TTrafficRow = TTally & { bucket: Date; method: string; route: string; service: TTrafficService; seedId: string | null };
export type TMailRow = { bucket: Date; seedId: string | null; mails: number };

export type TTrafficWriter = {
  write: (rows: { minutes: TTrafficRow[]; hours: TTrafficRow[]; mails: TMailRow[] }) => Promise<void>;
  /** The seed owning each data API id (ids of APIs that no longer exist are left out). */
  seedsOfApis: (apiIds: string[]) => Promise<Map<string, string>>;
  /** The ids among `seedIds` of seeds that exist. */
  existingSeeds: (seedIds: string[]) => Promise<Set<string>>;
};

export type TTrafficRecorder = {
  /** One answered request. `seedRef`: a seed id, `api:<apiId>` for a data-API call, or '' for none. */
  record: (method: string, route: string, seedRef: string, status: number, ms: number, cache?: 'HIT' | 'MISS') => void;
  /** Mails counted against a seed's quota (lib/mail-quota.ts reports them). */
  recordMails: (seedId: string | null, count: number) => void;
  flush: () => Promise<void>;
  /** How many data APIs' seeds are remembered (at most API_SEED_CACHE). */
  cachedApis: () => number;
};

const emptyTally = (): TTally => ({
  requests: 0,
  clientErrors: 0,
  serverErrors: 0,
  rateLimited: 0,
  cacheHits: 0,
  cacheMisses: 0,
  latencySumMs: 0,
  latencyMaxMs: 0,
  buckets: new Array<number>(BUCKETS).fill(0),
});

/** Adds `b` into `a` (in place) and returns `a`. */
export function mergeTally(a: TTally, b: TTally): TTally {
  a.requests += b.requests;
  a.clientErrors += b.clientErrors;
  a.serverErrors += b.serverErrors;
  a.rateLimited += b.rateLimited;
  a.cacheHits += b.cacheHits;
  a.cacheMisses += b.cacheMisses;
  a.latencySumMs += b.latencySumMs;
  if (b.latencyMaxMs > a.latencyMaxMs) a.latencyMaxMs = b.latencyMaxMs;
  for (let i = 0; i < BUCKETS; i++) a.buckets[i]! += b.buckets[i]!;
  return a;
}

type TEntry =
  | { kind: 'req'; minute: number; method: string; route: string; seedRef: string; tally: TTally }
  | { kind: 'mail'; minute: number; seedId: string | null; mails: number };

const sumEntry = (a: TEntry, b: TEntry): TEntry => {
  if (a.kind === 'req' && b.kind === 'req') mergeTally(a.tally, b.tally);
  else if (a.kind === 'mail' && b.kind === 'mail') a.mails += b.mails;
  return a;
};

export function createTrafficRecorder(
  writer: TTrafficWriter,
  log: { error: (o: unknown, m: string) => void },
  now: () => Date,
  apiSeedCache = API_SEED_CACHE,
): TTrafficRecorder {
  let current = new Map<string, TEntry>();
  // Found APIs only, in least-recently-used order (a Map keeps insertion order; a hit is moved to the end).
  const apiSeeds = new Map<string, string>();
  const apiSeedOf = (apiId: string) => {
    const seedId = apiSeeds.get(apiId);
    if (seedId !== undefined) {
      apiSeeds.delete(apiId);
      apiSeeds.set(apiId, seedId);
    }
    return seedId;
  };
  const rememberApi = (apiId: string, seedId: string) => {
    apiSeeds.delete(apiId);
    apiSeeds.set(apiId, seedId);
    while (apiSeeds.size > apiSeedCache) apiSeeds.delete(apiSeeds.keys().next().value!);
  };
  const services = new Map<string, TTrafficService>();
  const serviceOf = (route: string) => {
    let s = services.get(route);
    if (!s) {
      s = serviceOfRoute(route);
      services.set(route, s);
    }
    return s;
  };

  const toRows = async (batch: Map<string, TEntry>) => {
    // Each request entry's seed: its :seedId, or its API's seed (cached, else looked up, at most API_LOOKUPS a flush).
    const seedOfRef = new Map<string, string | null>();
    const unknown: string[] = [];
    for (const e of batch.values()) {
      if (e.kind !== 'req' || !e.seedRef || seedOfRef.has(e.seedRef)) continue;
      if (!e.seedRef.startsWith('api:')) seedOfRef.set(e.seedRef, e.seedRef);
      else {
        const cached = apiSeedOf(e.seedRef.slice(4));
        if (cached !== undefined) seedOfRef.set(e.seedRef, cached);
        else if (unknown.length < API_LOOKUPS) unknown.push(e.seedRef.slice(4));
      }
    }
    if (unknown.length) {
      const found = await writer.seedsOfApis(unknown);
      for (const id of unknown) {
        const seedId = found.get(id);
        if (seedId) {
          rememberApi(id, seedId);
          seedOfRef.set(`api:${id}`, seedId);
        }
      }
    }
    // Seeds that do not exist (a made-up id in a URL, a seed deleted since) are dropped: one query for the flush.
    const seen = [...new Set([...seedOfRef.values()].filter((s): s is string => s !== null))];
    const existing = seen.length ? await writer.existingSeeds(seen) : new Set<string>();
    for (const [ref, seedId] of seedOfRef) {
      if (seedId === null || existing.has(seedId)) continue;
      seedOfRef.set(ref, null);
      if (ref.startsWith('api:')) apiSeeds.delete(ref.slice(4));
    }
    const minutes = new Map<string, TTrafficRow>();
    const hours = new Map<string, TTrafficRow>();
    const mails = new Map<string, TMailRow>();
    for (const e of batch.values()) {
      const hour = e.minute - (e.minute % HOUR);
      if (e.kind === 'mail') {
        const k = `${hour}|${e.seedId ?? ''}`;
        const m = mails.get(k);
        if (m) m.mails += e.mails;
        else mails.set(k, { bucket: new Date(hour), seedId: e.seedId, mails: e.mails });
        continue;
      }
      const seedId = seedOfRef.get(e.seedRef) ?? null;
      // Every request counts in the suite-wide row (seed_id null); a seed's request also in its seed's row, so the
      // operator's view reads route × time rows only, whatever the number of seeds.
      for (const scope of seedId ? [null, seedId] : [null]) {
        const rest = `${e.method}|${e.route}|${scope ?? ''}`;
        // Two APIs of one seed land on the same row: merged here, since one UPSERT may not touch a row twice.
        const add = (map: Map<string, TTrafficRow>, at: number) => {
          const k = `${at}|${rest}`;
          const row = map.get(k);
          if (row) mergeTally(row, e.tally);
          else
            map.set(k, {
              ...mergeTally(emptyTally(), e.tally),
              bucket: new Date(at),
              method: e.method,
              route: e.route,
              service: serviceOf(e.route),
              seedId: scope,
            });
        };
        add(minutes, e.minute);
        add(hours, hour);
      }
    }
    return { minutes: [...minutes.values()], hours: [...hours.values()], mails: [...mails.values()] };
  };

  const counter = createBufferedCounter<TEntry>({
    write: async (batch) => writer.write(await toRows(batch)),
    sum: sumEntry,
    onError: (err) => log.error({ err }, 'traffic figures not written'),
  });

  return {
    record(method, route, ref, status, ms, cache) {
      const seedRef = REFUSED.has(status) ? '' : ref;
      const t = now().getTime();
      const minute = t - (t % MINUTE);
      const key = `${minute}|${method}|${route}|${seedRef}`;
      let e = current.get(key);
      if (!e) {
        e = { kind: 'req', minute, method, route, seedRef, tally: emptyTally() };
        current.set(key, e);
      }
      const tally = (e as Extract<TEntry, { kind: 'req' }>).tally;
      tally.requests++;
      if (status >= 500) tally.serverErrors++;
      else if (status >= 400) {
        tally.clientErrors++;
        if (status === 429) tally.rateLimited++;
      }
      if (cache === 'HIT') tally.cacheHits++;
      else if (cache === 'MISS') tally.cacheMisses++;
      tally.latencySumMs += ms;
      if (ms > tally.latencyMaxMs) tally.latencyMaxMs = ms;
      tally.buckets[bucketOf(ms)]!++;
    },
    recordMails(seedId, count) {
      if (count <= 0) return;
      const t = now().getTime();
      const minute = t - (t % MINUTE);
      const key = `mail|${minute}|${seedId ?? ''}`;
      const e = current.get(key);
      if (e?.kind === 'mail') e.mails += count;
      else current.set(key, { kind: 'mail', minute, seedId, mails: count });
    },
    async flush() {
      const batch = current;
      current = new Map();
      for (const [k, e] of batch) counter.add(k, e);
      await counter.flush();
    },
    cachedApis: () => apiSeeds.size,
  };
}
