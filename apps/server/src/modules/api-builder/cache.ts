/**
 * The response cache. An entry's key is the canonical request (table, the parsed query as it executes, Accept, Prefer,
 * Range), the key's scope, and the current version of every table the request reads (root and embeds). A write
 * bumps the versions of the tables it touched, so every cached response that read them — embedding ones included —
 * is unreachable at once, on every instance (the versions are shared-state counters: Redis when configured).
 * MySQL/MariaDB "probe" mode adds each table's information_schema UPDATE_TIME to the key (see the decision record).
 */
import { oldestFirst } from '../../lib/oldest-first.ts';
import type { TSharedState } from '../../state/shared-state.ts';
import type { TParsedQuery } from './postgrest/grammar.ts';

const VERSION_WINDOW_MS = 400 * 86_400_000;

/** The body is kept serialised: a hit is sent as stored, without parsing and re-serialising it. */
export type TCachedResponse = { status: number; headers: Record<string, string>; raw: string };

/** Entries kept in process besides the shared store (decision 023), bounded by count and by size. */
const LOCAL_MAX = 2_000;
const LOCAL_MAX_BYTES = 32 * 1024 * 1024;
/**
 * One instance without Redis (decision 099): the process is the only store, so entries are not copied into the
 * in-memory shared state as well (a second copy of every body, written on every miss and read on every local miss).
 * The process keeps what both held before: the in-process part's bounds plus the memory state's (10,000 values, 64 MiB).
 */
const SOLO_MAX = LOCAL_MAX + 10_000;
const SOLO_MAX_BYTES = LOCAL_MAX_BYTES + 64 * 1024 * 1024;
/**
 * The in-process store is segmented (decision 076): an entry starts on probation, a fifth of the budgets; a hit moves
 * it to the protected part, the other four fifths. Reads of keys asked once (an id nobody asks again) churn only the
 * probation part, so they never push out the entries that are being hit; a protected entry that is pushed out goes
 * back on probation and is kept if hit again there.
 */
const PROBATION_SHARE = 0.2;
/** A larger answer (a big page of wide rows) is served uncached: caching it would cost more memory than it saves. */
export const CACHE_ENTRY_MAX_CHARS = 1_000_000;
/**
 * Strings are UTF-16 in the heap at worst (Korean text): two bytes a character; plus the body's UTF-8 bytes, which the
 * data API's fast path keeps beside an entry once it is hit (fast-path.ts `hitWire`, decision 101); plus the entry's
 * own overhead.
 */
const bytesOf = (value: TCachedResponse) => value.raw.length * 2 + Buffer.byteLength(value.raw) + 512;

type TLocalEntry = { value: TCachedResponse; expiresAt: number; bytes: number };

/**
 * An entry as the shared store keeps it: `c2`, its expiry, status and headers (JSON) on a line each, then the body as
 * sent — not escaped a second time into a JSON string (a miss stores, a hit from another instance reads, at the cost
 * of copying the body only). JSON never holds a raw line break, so the first three mark the fields.
 */
const STORED = 'c2\n';
const storedForm = (v: TCachedResponse, expiresAt: number) => `${STORED}${expiresAt}\n${v.status}\n${JSON.stringify(v.headers)}\n${v.raw}`;
function readStored(s: string): (TCachedResponse & { expiresAt?: number }) | undefined {
  // Written by a release before this form (one JSON object).
  if (s.startsWith('{')) return JSON.parse(s) as TCachedResponse & { expiresAt?: number };
  if (!s.startsWith(STORED)) return undefined;
  const a = s.indexOf('\n', STORED.length);
  const b = a < 0 ? -1 : s.indexOf('\n', a + 1);
  const c = b < 0 ? -1 : s.indexOf('\n', b + 1);
  if (c < 0) return undefined;
  return {
    expiresAt: Number(s.slice(STORED.length, a)),
    status: Number(s.slice(a + 1, b)),
    headers: JSON.parse(s.slice(b + 1, c)) as Record<string, string>,
    raw: s.slice(c + 1),
  };
}

/** One segment: a Map in insertion order with its byte total and bounds; the oldest go first. */
function segment(maxCount: number, maxBytes: number) {
  const map = new Map<string, TLocalEntry>();
  const oldest = oldestFirst(map);
  let bytes = 0;
  const drop = (key: string): TLocalEntry | undefined => {
    const e = map.get(key);
    if (!e) return undefined;
    map.delete(key);
    bytes -= e.bytes;
    return e;
  };
  return {
    map,
    drop,
    /** At its bounds (by count, or within a tenth of its bytes): a new entry pushes an older one out. */
    full: () => map.size >= maxCount || bytes >= maxBytes * 0.9,
    /** Adds `e` as the newest entry; returns the entries pushed out to stay within the bounds. */
    add(key: string, e: TLocalEntry): [string, TLocalEntry][] {
      const out: [string, TLocalEntry][] = [];
      while (map.size && (map.size >= maxCount || bytes + e.bytes > maxBytes)) {
        const k = oldest()!;
        out.push([k, drop(k)!]);
      }
      map.set(key, e);
      bytes += e.bytes;
      return out;
    },
  };
}

/** The doorkeeper's filters (decision 105): bits of each, and the new texts one takes before the older is dropped. */
const DOOR_BITS = 1 << 16;
const DOOR_WINDOW = 4_096;

/**
 * Admission on second sight (decision 105): which request texts were seen lately, in two filters of 64 Kibit — two
 * bits a text (FNV-1a). New texts go into the current one; after `DOOR_WINDOW` of them it becomes the previous one
 * and the one before is cleared, so a text counts as seen if it came within the last one to two windows of new texts
 * (a key asked every few thousand reads stays seen; one asked once is forgotten). A false "seen" (about 3 % when
 * both are full) costs only what every read cost before.
 */
function doorkeeper() {
  let current = new Uint32Array(DOOR_BITS / 32);
  let previous = new Uint32Array(DOOR_BITS / 32);
  let count = 0;
  const has = (bits: Uint32Array, i: number) => (bits[i >>> 5]! & (1 << (i & 31))) !== 0;
  return (a: string, b: string): boolean => {
    let h = 0x811c9dc5;
    for (let i = 0; i < a.length; i++) h = Math.imul(h ^ a.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 10, 0x01000193);
    for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b.charCodeAt(i), 0x01000193);
    const x = h & (DOOR_BITS - 1);
    const y = (Math.imul(h, 0x9e3779b1) >>> 16) & (DOOR_BITS - 1);
    if (has(current, x) && has(current, y)) return true;
    const seen = has(previous, x) && has(previous, y);
    if (++count > DOOR_WINDOW) {
      [previous, current] = [current, previous.fill(0)];
      count = 1;
    }
    current[x >>> 5]! |= 1 << (x & 31);
    current[y >>> 5]! |= 1 << (y & 31);
    return seen;
  };
}

/**
 * Entries are immutable under their key (the key carries the table versions), so an entry read once is kept in
 * process until its expiry, stored with it, and a hit costs the version lookups but neither a second store lookup nor
 * parsing the stored JSON.
 */
export function createResponseCache(state: TSharedState, now: () => number = Date.now, opts: { shared?: boolean } = {}) {
  /** Whether entries go to the shared store too (other instances read them): false only for a lone instance. */
  const shared = opts.shared ?? true;
  const max = shared ? LOCAL_MAX : SOLO_MAX;
  const maxBytes = shared ? LOCAL_MAX_BYTES : SOLO_MAX_BYTES;
  const vkey = (apiId: string, table: string) => `ab:v:${apiId}:${table}`;
  const probation = segment(Math.round(max * PROBATION_SHARE), maxBytes * PROBATION_SHARE);
  const hot = segment(max - Math.round(max * PROBATION_SHARE), maxBytes * (1 - PROBATION_SHARE));
  const forget = (key: string) => {
    probation.drop(key);
    hot.drop(key);
  };
  const remember = (key: string, value: TCachedResponse, expiresAt: number) => {
    forget(key);
    // The key counts too: a lone instance keys entries by the request's text, not its hash (decision 099).
    probation.add(key, { value, expiresAt, bytes: bytesOf(value) + key.length * 2 });
  };
  /** A hit on probation: the entry moves to the protected part; what that pushes out goes back on probation. */
  const promote = (key: string, e: TLocalEntry) => {
    probation.drop(key);
    for (const [k, out] of hot.add(key, e)) probation.add(k, out);
  };
  const local = (key: string): TCachedResponse | undefined => {
    const t = now();
    const h = hot.map.get(key);
    if (h) {
      if (h.expiresAt > t) return h.value;
      hot.drop(key);
      return undefined;
    }
    const p = probation.map.get(key);
    if (!p) return undefined;
    if (p.expiresAt <= t) {
      probation.drop(key);
      return undefined;
    }
    promote(key, p);
    return p.value;
  };
  const seenLately = doorkeeper();
  return {
    shared,
    /**
     * Whether a read whose request (`table`, `query`: its text as sent) is not remembered should use the cache
     * (decision 105): always while the probation part has room; once it is full — the store churns with keys asked once
     * — only a request seen lately, so a one-off read builds no key, looks nothing up and stores nothing (it is
     * answered as a miss). Seen again soon, it is looked up and stored as before.
     */
    admits(table: string, query: string): boolean {
      return !probation.full() || seenLately(table, query);
    },
    async versions(apiId: string, tables: string[]): Promise<number[]> {
      return state.counts(tables.map((t) => vkey(apiId, t)));
    },
    async bump(apiId: string, tables: Iterable<string>): Promise<void> {
      await Promise.all([...tables].map((t) => state.hit(vkey(apiId, t), VERSION_WINDOW_MS)));
    },
    /** `parts`: the hash of the normalised request and scope, then the versions of the tables it reads. */
    key(apiId: string, parts: string): string {
      return `ab:r:${apiId}:${parts}`;
    },
    /** The entry when this instance holds it (as `get` would answer it), else undefined: then ask `get`, which asks the shared store. */
    peek(key: string): TCachedResponse | undefined {
      return local(key);
    },
    async get(key: string): Promise<TCachedResponse | undefined> {
      const mine = local(key);
      if (mine || !shared) return mine;
      const stored = await state.getValue(key);
      const entry = stored ? readStored(stored) : undefined;
      if (!entry) return undefined;
      const { expiresAt, ...value } = entry;
      if (expiresAt !== undefined) remember(key, value, expiresAt);
      return value;
    },
    async set(key: string, value: TCachedResponse, ttlMs: number): Promise<void> {
      if (ttlMs <= 0 || value.raw.length > CACHE_ENTRY_MAX_CHARS) return;
      const expiresAt = now() + ttlMs;
      if (shared) await state.setValue(key, storedForm(value, expiresAt), ttlMs);
      remember(key, value, expiresAt);
    },
  };
}

export type TResponseCache = ReturnType<typeof createResponseCache>;

/**
 * A read's cache identity: the canonical form of what the grammar executes, not of the text sent. Where the parser
 * keeps the last value (`select`, `limit`, `offset`, `columns`, `on_conflict`), only that value counts; where it
 * concatenates (`order`), the order is kept; filters of one resource are ANDed, so their order does not matter and
 * they are sorted. `select=status&select=id` and `select=id&select=status` therefore differ, and `limit=3&limit=1`
 * is `limit=1`.
 */
export function canonicalQuery(parsed: TParsedQuery): string {
  const resources = [...parsed.resources.entries()]
    .map(
      ([path, r]) => [path, { where: r.where.map((w) => JSON.stringify(w)).sort(), order: r.order, limit: r.limit ?? null, offset: r.offset ?? null }] as const,
    )
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return JSON.stringify({ select: parsed.select, resources, onConflict: parsed.onConflict ?? null, columns: parsed.columns ?? null });
}
