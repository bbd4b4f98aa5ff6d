import { Redis } from 'ioredis';
import { oldestFirst } from '../lib/oldest-first.ts';

/**
 * State several server instances must agree on. With REDIS_URL it lives in Redis;
 * without, in this process (one instance only).
 */
export type TSharedState = {
  kind: 'memory' | 'redis';
  /** Adds one hit (or `amount`) to a fixed window counter; returns the count and ms until the window resets. */
  hit: (key: string, windowMs: number, amount?: number) => Promise<{ count: number; resetMs: number }>;
  /** Reads a counter without adding to it. */
  peek: (key: string) => Promise<{ count: number; resetMs: number }>;
  /** Reads several counters' counts at once (Redis: one MGET), 0 for a missing one. */
  counts: (keys: string[]) => Promise<number[]>;
  reset: (key: string) => Promise<void>;
  /** Sets a key with a time to live; returns false if it already existed (an atomic claim). */
  claim: (key: string, ttlMs: number) => Promise<boolean>;
  /** A cached string value with a time to live (the API builder's response cache). */
  getValue: (key: string) => Promise<string | null>;
  setValue: (key: string, value: string, ttlMs: number) => Promise<void>;
  publish: (channel: string, message: string) => Promise<void>;
  subscribe: (channel: string, listener: (message: string) => void) => Promise<() => Promise<void>>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

export function createMemoryState(): TSharedState {
  const counters = new Map<string, { count: number; expiresAt: number }>();
  const listeners = new Map<string, Set<(m: string) => void>>();
  const values = new Map<string, { value: string; expiresAt: number }>();
  const oldestValue = oldestFirst(values);
  const MAX_VALUES = 10_000;
  /** Cached values are bounded by size too (two bytes a character at worst): the oldest go first. */
  const MAX_VALUE_BYTES = 64 * 1024 * 1024;
  let valueBytes = 0;
  const dropValue = (key: string) => {
    const v = values.get(key);
    if (!v) return;
    values.delete(key);
    valueBytes -= v.value.length * 2;
  };
  const live = (key: string) => {
    const c = counters.get(key);
    if (c && c.expiresAt <= Date.now()) {
      counters.delete(key);
      return undefined;
    }
    return c;
  };
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, v] of counters) if (v.expiresAt <= now) counters.delete(k);
    for (const [k, v] of values) if (v.expiresAt <= now) dropValue(k);
  }, 60_000);
  sweep.unref();
  return {
    kind: 'memory',
    async hit(key, windowMs, amount = 1) {
      const c = live(key) ?? { count: 0, expiresAt: Date.now() + windowMs };
      c.count += amount;
      counters.set(key, c);
      return { count: c.count, resetMs: c.expiresAt - Date.now() };
    },
    async peek(key) {
      const c = live(key);
      return c ? { count: c.count, resetMs: c.expiresAt - Date.now() } : { count: 0, resetMs: 0 };
    },
    async counts(keys) {
      return keys.map((k) => live(k)?.count ?? 0);
    },
    async reset(key) {
      counters.delete(key);
    },
    async claim(key, ttlMs) {
      if (live(key)) return false;
      counters.set(key, { count: 1, expiresAt: Date.now() + ttlMs });
      return true;
    },
    async getValue(key) {
      const v = values.get(key);
      if (!v) return null;
      if (v.expiresAt <= Date.now()) {
        dropValue(key);
        return null;
      }
      return v.value;
    },
    async setValue(key, value, ttlMs) {
      // Bounded by count and size: the oldest entries go first (Map keeps insertion order).
      dropValue(key);
      const bytes = value.length * 2;
      while (values.size && (values.size >= MAX_VALUES || valueBytes + bytes > MAX_VALUE_BYTES)) dropValue(oldestValue()!);
      values.set(key, { value, expiresAt: Date.now() + ttlMs });
      valueBytes += bytes;
    },
    async publish(channel, message) {
      for (const l of listeners.get(channel) ?? []) queueMicrotask(() => l(message));
    },
    async subscribe(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      return async () => {
        set.delete(listener);
      };
    },
    async ping() {},
    async close() {
      clearInterval(sweep);
      counters.clear();
      values.clear();
      valueBytes = 0;
      listeners.clear();
    },
  };
}

const HIT_SCRIPT = `
local c = redis.call('INCRBY', KEYS[1], ARGV[2] or 1)
if c == tonumber(ARGV[2] or 1) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {c, ttl}`;

export async function createRedisState(url: string, prefix = 'suite:'): Promise<TSharedState> {
  // Commands issued in the same event-loop turn by concurrent requests go out as one pipeline (one write, one read).
  const opts = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true, enableAutoPipelining: true };
  const cmd = new Redis(url, opts);
  const sub = new Redis(url, opts);
  cmd.on('error', () => undefined);
  sub.on('error', () => undefined);
  await cmd.connect();
  await sub.connect();
  const listeners = new Map<string, Set<(m: string) => void>>();
  sub.on('message', (channel: string, message: string) => {
    for (const l of listeners.get(channel) ?? []) l(message);
  });
  return {
    kind: 'redis',
    async hit(key, windowMs, amount = 1) {
      const [count, ttl] = (await cmd.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs), String(amount))) as [number, number];
      return { count, resetMs: Math.max(ttl, 0) };
    },
    async peek(key) {
      const [v, ttl] = await Promise.all([cmd.get(prefix + key), cmd.pttl(prefix + key)]);
      return { count: v ? Number(v) : 0, resetMs: Math.max(ttl, 0) };
    },
    async counts(keys) {
      if (!keys.length) return [];
      return (await cmd.mget(keys.map((k) => prefix + k))).map((v) => (v ? Number(v) : 0));
    },
    async reset(key) {
      await cmd.del(prefix + key);
    },
    async claim(key, ttlMs) {
      return (await cmd.set(prefix + key, '1', 'PX', ttlMs, 'NX')) === 'OK';
    },
    async getValue(key) {
      return cmd.get(prefix + key);
    },
    async setValue(key, value, ttlMs) {
      await cmd.set(prefix + key, value, 'PX', Math.max(1, Math.round(ttlMs)));
    },
    async publish(channel, message) {
      await cmd.publish(prefix + channel, message);
    },
    async subscribe(channel, listener) {
      const full = prefix + channel;
      let set = listeners.get(full);
      if (!set) {
        set = new Set();
        listeners.set(full, set);
        await sub.subscribe(full);
      }
      set.add(listener);
      return async () => {
        set.delete(listener);
        if (set.size === 0) {
          listeners.delete(full);
          await sub.unsubscribe(full);
        }
      };
    },
    async ping() {
      await cmd.ping();
    },
    async close() {
      await Promise.allSettled([cmd.quit(), sub.quit()]);
    },
  };
}

export async function createSharedState(redisUrl: string | undefined, prefix?: string): Promise<TSharedState> {
  return redisUrl ? createRedisState(redisUrl, prefix) : createMemoryState();
}
