/**
 * For the monitoring advisors (issue 30): which saved connections do not answer now. Each is opened with one
 * connection through the same guarded target as the data API (savedTarget), asked `SELECT 1`, and closed; every check
 * has its own deadline, so a host that swallows packets costs at most `timeoutMs`. At most 50 connections, 5 at a time;
 * an answer is kept five minutes per connection and address in this process (a changed address is checked again).
 */
import type { TAppContext } from '../../context.ts';
import { openEngine } from './connect.ts';
import { savedTarget } from './runtime.ts';
import * as repo from './api-builder.repository.ts';

async function answers(config: TAppContext['config'], conn: repo.TConnectionRow, timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
  });
  const check = (async () => {
    const engine = await openEngine(await savedTarget(config, conn), 1);
    try {
      await engine.query('SELECT 1');
      return true;
    } finally {
      await engine.close().catch(() => undefined);
    }
  })().catch(() => false);
  try {
    return await Promise.race([check, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

const CACHE_MS = 5 * 60_000;
const checked = new Map<string, { ok: boolean; at: number }>();

async function answersCached(config: TAppContext['config'], conn: repo.TConnectionRow, timeoutMs: number, now: number): Promise<boolean> {
  const key = `${conn.id}:${conn.host}:${conn.port}:${conn.database}:${conn.username}:${conn.passwordEnc}`;
  const hit = checked.get(key);
  if (hit && now - hit.at < CACHE_MS) return hit.ok;
  const ok = await answers(config, conn, timeoutMs);
  if (checked.size > 1_000) checked.clear();
  checked.set(key, { ok, at: now });
  return ok;
}

/** Names of the connections that did not answer within `timeoutMs`. */
export async function unreachableConnections(ctx: Pick<TAppContext, 'config' | 'database' | 'now'>, timeoutMs = 5_000): Promise<string[]> {
  const conns = await repo.allConnections(ctx.database.db, 50);
  const now = ctx.now().getTime();
  const failed: string[] = [];
  for (let i = 0; i < conns.length; i += 5) {
    const part = conns.slice(i, i + 5);
    const ok = await Promise.all(part.map((c) => answersCached(ctx.config, c, timeoutMs, now)));
    part.forEach((c, j) => {
      if (!ok[j]) failed.push(c.name);
    });
  }
  return failed;
}
