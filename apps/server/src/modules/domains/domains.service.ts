/**
 * Custom domains (issue 33): host names a seed attaches for its data API, its public help centre and chatbot, or its
 * mail sender domain. This file is the module's public surface: other modules (host routing, the mailer's sender
 * resolver, the chatbot's allowed origins) read connected domains only through the functions below.
 */
import { isIP } from 'node:net';
import { ko } from '@suite/shared';
import type { TDomain, TDomainInput, TDomainList, TDomainPurpose, TDomainRecord, TDomainStatus } from '@suite/shared/schemas/domains';
import type { TAppContext } from '../../context.ts';
import type { TDb, TTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { TClock } from '../../lib/clock.ts';
import { decryptSecret, encryptSecret } from '../../lib/secret-box.ts';
import type { TSharedState } from '../../state/shared-state.ts';
import { checkDomain, type TCheckEnv, type TCheckOutcome } from './domain-check.ts';
import { createLookups, type TLookups } from './domain-dns.ts';
import { normaliseHost } from './domain-name.ts';
import { newDkimKey, newToken, recordsOf } from './domain-records.ts';
import * as repo from './domains.repository.ts';
import { invalidateHost } from './host-cache.ts';

export type TConnectedHost = { seedId: string; purpose: TDomainPurpose; domainId: string };

/**
 * The seed and purpose a host is connected for, or null (unknown, pending, error). One indexed read (the partial
 * unique index on connected hosts); callers on the request path cache it. `host` must already be lower-case without
 * port or trailing dot.
 */
export async function connectedHost(db: TTx, host: string): Promise<TConnectedHost | null> {
  const row = await repo.findConnectedByHost(db, host);
  if (!row) return null;
  return { seedId: row.seedId, purpose: row.purpose as TDomainPurpose, domainId: row.id };
}

export type TMailSender = { domain: string; selector: string; privateKeyPem: string };

/**
 * The seed's connected mail sender domain with its DKIM selector and private key (PKCS#8 PEM, unsealed with
 * ENCRYPTION_KEY), or null when the seed has none connected. With several, the first one verified wins.
 */
export async function mailSenderOf(db: TTx, seedId: string, encryptionKey: Buffer): Promise<TMailSender | null> {
  const rows = await repo.listConnected(db, seedId, 'mail');
  for (const row of rows) {
    if (!row.dkimSelector || !row.dkimPrivateKeySealed) continue;
    try {
      return { domain: row.host, selector: row.dkimSelector, privateKeyPem: decryptSecret(encryptionKey, row.dkimPrivateKeySealed) };
    } catch {
      // Sealed with another ENCRYPTION_KEY: this row cannot sign; try the next one.
    }
  }
  return null;
}

/** `https://<host>` of the seed's connected help hosts (allowed origins of its chatbots). */
export async function connectedHelpOrigins(db: TTx, seedId: string): Promise<string[]> {
  const rows = await repo.listConnected(db, seedId, 'help');
  return rows.map((r) => `https://${r.host}`);
}

// ── The seed's domains: list, add, check now, remove (the routes of domains.routes.ts) ──────────────────────────────

/** At most this many domains per seed. */
export const MAX_DOMAINS_PER_SEED = 20;
/** POST …/verify: this many checks a minute per seed. */
export const VERIFY_PER_MINUTE = 10;

export type TDomainsDeps = {
  db: TDb;
  now: TClock;
  state: Pick<TSharedState, 'hit'>;
  encryptionKey: Buffer;
  /** The suite's own host names (APP_URL's host, the CNAME target): never a customer's. */
  ownHosts: string[];
  check: TCheckEnv;
};

export function createDomainsDeps(ctx: TAppContext, lookups: TLookups = createLookups(ctx.config.domains.dnsServers)): TDomainsDeps {
  const { config } = ctx;
  const appHost = new URL(config.appUrl).hostname;
  const smtpHost = config.smtpUrl ? new URL(config.smtpUrl).hostname : undefined;
  const spfHost = smtpHost && isIP(smtpHost) === 0 && smtpHost !== 'localhost' ? smtpHost : config.domains.target;
  return {
    db: ctx.database.db,
    now: ctx.now,
    state: ctx.state,
    encryptionKey: config.encryptionKey,
    ownHosts: [appHost, config.domains.target],
    check: { lookups, records: { target: config.domains.target, ip: config.domains.ip, spfHost } },
  };
}

/** A host's row changed (connected, broken, removed): this process's host-routing cache forgets it at once. */
const changed = (host: string) => invalidateHost(host);

/** What the console sees of a row; `found` from a check just made, else what the status implies (connected: all required seen). */
export function toApiDomain(row: repo.TDomainRow, deps: Pick<TDomainsDeps, 'check'>, checked?: TDomainRecord[]): TDomain {
  const records =
    checked ??
    recordsOf(row, deps.check.records).map((r) => (row.status === 'connected' && r.role !== 'spf' && r.role !== 'dmarc' ? { ...r, found: true } : r));
  return {
    id: row.id,
    host: row.host,
    purpose: row.purpose as TDomainPurpose,
    status: row.status as TDomainStatus,
    records,
    error: row.error,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export type TDomainActor = { userId: string; ip: string };

export async function listDomains(deps: TDomainsDeps, seedId: string): Promise<TDomainList> {
  const rows = await repo.listBySeed(deps.db, seedId);
  return { data: rows.map((r) => toApiDomain(r, deps)) };
}

export async function addDomain(deps: TDomainsDeps, actor: TDomainActor, seedId: string, input: TDomainInput): Promise<TDomain> {
  const host = normaliseHost(input.host, deps.ownHosts);
  const now = deps.now();
  const taken = await repo.findConnectedByHost(deps.db, host);
  if (taken && taken.seedId !== seedId) throw new AppError('DOMAIN_HOST_TAKEN');
  // Adds are limited per seed (a mail domain costs a key pair), and the cheap refusals come before the key is made;
  // both are checked again under the seed's lock below.
  const hit = await deps.state.hit(`domains:add:${seedId}`, 60_000);
  if (hit.count > ADD_PER_MINUTE) {
    throw new AppError('RATE_LIMITED', ko.domains.server.addLimited, { headers: { 'retry-after': String(Math.max(1, Math.ceil(hit.resetMs / 1000))) } });
  }
  const existing = await repo.listBySeed(deps.db, seedId);
  if (existing.some((r) => r.host === host)) throw new AppError('DOMAIN_EXISTS');
  if (existing.length >= MAX_DOMAINS_PER_SEED) throw new AppError('DOMAIN_LIMIT', ko.domains.server.limit(MAX_DOMAINS_PER_SEED));
  // Generated outside the transaction, off the event loop: an RSA key takes tens of milliseconds.
  const dkim = input.purpose === 'mail' ? await newDkimKey(now) : null;
  const row = await deps.db.transaction(async (tx) => {
    await repo.lockSeedDomains(tx, seedId);
    const mine = await repo.listBySeed(tx, seedId);
    if (mine.some((r) => r.host === host)) throw new AppError('DOMAIN_EXISTS');
    if (mine.length >= MAX_DOMAINS_PER_SEED) throw new AppError('DOMAIN_LIMIT', ko.domains.server.limit(MAX_DOMAINS_PER_SEED));
    const inserted = await repo.insertDomain(tx, {
      seedId,
      host,
      purpose: input.purpose,
      token: newToken(),
      dkimSelector: dkim?.selector ?? null,
      dkimPublicKey: dkim?.publicKey ?? null,
      dkimPrivateKeySealed: dkim ? encryptSecret(deps.encryptionKey, dkim.privateKeyPem) : null,
      nextCheckAt: new Date(now.getTime() + 60_000),
      createdAt: now,
    });
    await writeAudit(tx, {
      action: 'domain.added',
      actorId: actor.userId,
      targetType: 'seed',
      targetId: seedId,
      ip: actor.ip,
      metadata: { label: host, purpose: input.purpose },
    });
    return inserted;
  });
  return toApiDomain(row, deps);
}

async function domainIn(deps: TDomainsDeps, seedId: string, id: string): Promise<repo.TDomainRow> {
  const row = await repo.findInSeed(deps.db, seedId, id);
  if (!row) throw new AppError('DOMAIN_NOT_FOUND');
  return row;
}

/** Checks one row now and stores the result; tells listeners and audits a transition to connected. */
export async function checkAndRecord(deps: TDomainsDeps, row: repo.TDomainRow, actorId: string | null): Promise<TCheckOutcome> {
  const outcome = await checkDomain(deps.db, deps.check, row, deps.now());
  if (outcome.before !== outcome.row.status) {
    changed(row.host);
    if (outcome.row.status === 'connected') {
      await writeAudit(deps.db, {
        action: 'domain.connected',
        actorId,
        targetType: 'seed',
        targetId: row.seedId,
        metadata: { label: row.host, purpose: row.purpose },
      });
    }
  }
  return outcome;
}

/** Adds a seed may make in a minute (each mail domain costs an RSA key pair). */
const ADD_PER_MINUTE = 30;

/** POST …/verify: checks now (rate-limited per seed) and answers with each record's `found`. */
export async function verifyDomain(deps: TDomainsDeps, actor: TDomainActor, seedId: string, id: string): Promise<TDomain> {
  const row = await domainIn(deps, seedId, id);
  const hit = await deps.state.hit(`domains:verify:${seedId}`, 60_000);
  if (hit.count > VERIFY_PER_MINUTE) {
    throw new AppError('RATE_LIMITED', ko.domains.server.verifyLimited, { headers: { 'retry-after': String(Math.max(1, Math.ceil(hit.resetMs / 1000))) } });
  }
  const outcome = await checkAndRecord(deps, row, actor.userId);
  return toApiDomain(outcome.row, deps, outcome.records);
}

export async function removeDomain(deps: TDomainsDeps, actor: TDomainActor, seedId: string, id: string): Promise<void> {
  const row = await deps.db.transaction(async (tx) => {
    const gone = await repo.deleteDomain(tx, seedId, id);
    if (!gone) throw new AppError('DOMAIN_NOT_FOUND');
    await writeAudit(tx, {
      action: 'domain.removed',
      actorId: actor.userId,
      targetType: 'seed',
      targetId: seedId,
      ip: actor.ip,
      metadata: { label: gone.host, purpose: gone.purpose },
    });
    return gone;
  });
  changed(row.host);
}

/**
 * The job runner's pass (schedule `domains.check`, every minute): checks the rows whose next check has come, five
 * at a time (a slow resolver holds one lane, not the pass); a failure of one row does not stop the others.
 */
export async function runDueChecks(deps: TDomainsDeps, limit = 100): Promise<{ checked: number; failed: number }> {
  const due = await repo.listDue(deps.db, deps.now(), limit);
  let failed = 0;
  let next = 0;
  const lane = async () => {
    while (next < due.length) {
      const row = due[next++]!;
      try {
        await checkAndRecord(deps, row, null);
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(5, due.length) }, lane));
  return { checked: due.length - failed, failed };
}
