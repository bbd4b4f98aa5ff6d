/**
 * One DNS check of a domain (issue 33) and what it changes: pending → connected when the ownership TXT and the
 * purpose's record (routing CNAME/A, or the DKIM key for mail) are seen; connected → error with the reason when a
 * later check misses one; error → connected when they are back. A resolver failure changes no status. The next check
 * is due in an hour for a connected domain, else after a back-off of 1, 2, 4 … minutes (at most an hour).
 */
import { ko } from '@suite/shared';
import type { TDomainRecord } from '@suite/shared/schemas/domains';
import { classifyDbError } from '../../lib/db-errors.ts';
import type { TTx } from '../../db/client.ts';
import { findRecord, type TFound, type TLookups } from './domain-dns.ts';
import { recordsOf, type TRecordConfig } from './domain-records.ts';
import * as repo from './domains.repository.ts';

const t = ko.domains.server.check;
const MINUTE = 60_000;
export const CONNECTED_EVERY_MS = 60 * MINUTE;

/** Delay before the next check after `failures` failed checks in a row (1 → 1 min, doubling, at most 1 h). */
export const backoffMs = (failures: number): number => Math.min(60 * MINUTE, MINUTE * 2 ** Math.max(0, failures - 1));

export type TCheckEnv = { lookups: TLookups; records: TRecordConfig };

export type TCheckOutcome = {
  row: repo.TDomainRow;
  records: TDomainRecord[];
  /** The status before the check (to tell a transition). */
  before: string;
};

const REQUIRED = new Set(['ownership', 'routing', 'dkim']);

function reasonOf(missing: TDomainRecord, row: repo.TDomainRow, cfg: TRecordConfig): string {
  if (missing.role === 'ownership') return row.status === 'connected' ? t.ownershipGone : t.ownershipMissing;
  if (missing.role === 'dkim') return t.dkimMissing;
  return cfg.ip ? t.routingMissingIp(cfg.target, cfg.ip) : t.routingMissing(cfg.target);
}

/** Looks the row's records up in DNS, stores the result, and returns the row with each record's `found`. */
export async function checkDomain(db: TTx, env: TCheckEnv, row: repo.TDomainRow, now: Date): Promise<TCheckOutcome> {
  const asked = recordsOf(row, env.records);
  const found: TFound[] = await Promise.all(asked.map((r) => findRecord(env.lookups, r, { target: env.records.target })));
  const records = asked.map((r, i) => (found[i] === null ? r : { ...r, found: found[i]! }));
  const required = asked.map((r, i) => ({ r, f: found[i] })).filter((x) => REQUIRED.has(x.r.role));
  const missing = required.find((x) => x.f === false)?.r;
  const unknown = required.some((x) => x.f === null);
  const failures = row.failures + 1;
  let patch: repo.TCheckUpdate;
  if (missing) {
    patch = {
      status: row.status === 'pending' ? 'pending' : 'error',
      error: reasonOf(missing, row, env.records),
      failures,
      checkedAt: now,
      nextCheckAt: new Date(now.getTime() + backoffMs(failures)),
    };
  } else if (unknown) {
    patch = {
      error: row.status === 'connected' ? row.error : t.dnsFailed,
      failures,
      checkedAt: now,
      nextCheckAt: new Date(now.getTime() + backoffMs(failures)),
    };
  } else {
    patch = {
      status: 'connected',
      error: null,
      failures: 0,
      checkedAt: now,
      nextCheckAt: new Date(now.getTime() + CONNECTED_EVERY_MS),
      ...(row.status === 'connected' ? {} : { verifiedAt: now }),
    };
  }
  const updated = await saveCheck(db, row, patch, failures, now);
  return { row: updated ?? { ...row, ...patch }, records, before: row.status };
}

/** Stores the check; a host another row holds connected (SQLSTATE 23505 on the partial unique index) becomes error. */
async function saveCheck(db: TTx, row: repo.TDomainRow, patch: repo.TCheckUpdate, failures: number, now: Date) {
  try {
    return await repo.updateDomain(db, row.id, patch);
  } catch (err) {
    if (patch.status !== 'connected' || classifyDbError(err).class !== 'unique') throw err;
    return repo.updateDomain(db, row.id, {
      status: 'error',
      error: t.takenElsewhere,
      failures,
      checkedAt: now,
      nextCheckAt: new Date(now.getTime() + backoffMs(failures)),
    });
  }
}
