/**
 * From a stored or submitted connection to an open engine: the outbound guard resolves the host once (loopback,
 * private and link-local refused unless API_BUILDER_ALLOW_PRIVATE_HOSTS), and the pool connects to the checked
 * address (TLS keeps the original name as server name). The product's own database is always refused, twice: before
 * connecting, by every address the host resolves to against its DATABASE_URL's (any spelling of this machine counts
 * as one), and after connecting, by the cluster and database the connection reached.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import pg from 'pg';
import { ko } from '@suite/shared';
import type { TConfig } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { canonicalAddress, OutboundGuardError, resolveGuardedHost } from '../../lib/outbound-guard.ts';
import { classifyConnectError, type TConnectTarget, type TEngine, type TEngineKind } from './engines/engine.ts';
import { openMysqlEngine } from './engines/mysql-engine.ts';
import { openPgEngine } from './engines/pg-engine.ts';

const m = ko.apiBuilder.server;

/** What a saved connection names: the engine and host, and the fields it shares with a connect target. */
export type TConnectionSpec = { engine: TEngineKind; host: string } & Pick<
  TConnectTarget,
  'port' | 'database' | 'user' | 'password' | 'tls' | 'statementTimeoutMs'
>;

/** This machine, however spelled: loopback (127/8, ::1), "this network"/unspecified (0/8, ::), and every own interface. */
function isThisHost(address: string): boolean {
  const c = canonicalAddress(address);
  if (/^(127|0)\./.test(c) || c === '0:0:0:0:0:0:0:1' || c === '0:0:0:0:0:0:0:0') return true;
  return Object.values(networkInterfaces()).some((list) => (list ?? []).some((i) => canonicalAddress(i.address) === c));
}

type TOwnDatabase = { url: string; addresses: string[]; local: boolean; port: number; database: string };

/** The product's own PostgreSQL (DATABASE_URL): its addresses, port and database. PGlite has no TCP port at all. */
async function ownDatabase(config: TConfig): Promise<TOwnDatabase | undefined> {
  if (!config.databaseUrl) return undefined;
  const url = new URL(config.databaseUrl);
  const host = decodeURIComponent(url.hostname.replace(/^\[|\]$/g, ''));
  // No host, or a socket directory (`?host=/run/postgresql`): the database is on this machine.
  const socket = !host || host.startsWith('/') || (url.searchParams.get('host') ?? '').startsWith('/');
  const addresses = socket ? [] : isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  return {
    url: config.databaseUrl,
    addresses: addresses.map(canonicalAddress),
    local: socket || addresses.some(isThisHost),
    port: Number(url.port || url.searchParams.get('port') || 5432),
    database: decodeURIComponent(url.pathname.replace(/^\//, '')) || decodeURIComponent(url.username) || 'postgres',
  };
}

/** Whether `address` reaches the host of the product's own database (any spelling of it, or of this machine). */
const reachesOwnHost = (own: TOwnDatabase, address: string) => own.addresses.includes(canonicalAddress(address)) || (own.local && isThisHost(address));

export async function resolveTarget(config: TConfig, spec: TConnectionSpec): Promise<TConnectTarget> {
  const own = spec.engine === 'postgres' ? await ownDatabase(config) : undefined;
  const sameDatabase = own !== undefined && spec.port === own.port && spec.database === own.database;
  let resolved;
  let ownHit = false;
  try {
    resolved = await resolveGuardedHost(spec.host, {
      allowPrivate: config.apiBuilder.allowPrivateHosts,
      // Every address the name resolves to is compared, not only the one we connect to.
      alwaysRefuse: (r) => (ownHit = sameDatabase && reachesOwnHost(own, r.address)),
    });
  } catch (e) {
    if (!(e instanceof OutboundGuardError)) throw e;
    if (e.reason === 'invalid-host') throw new AppError('API_HOST_REFUSED', m.invalidHost, { status: 400 });
    if (e.reason === 'unresolvable') throw new AppError('API_CONNECTION_FAILED', m.unresolvable(spec.host));
    if (ownHit) throw new AppError('API_HOST_REFUSED', m.ownDatabase);
    throw new AppError('API_HOST_REFUSED', m.privateHost);
  }
  return {
    kind: spec.engine,
    host: resolved.host,
    address: resolved.address,
    port: spec.port,
    database: spec.database,
    user: spec.user,
    password: spec.password,
    tls: spec.tls,
    statementTimeoutMs: spec.statementTimeoutMs,
    ...(own ? { ownDatabaseUrl: own.url } : {}),
  };
}

type TIdentity = { sysid: string | null; started: string | null; db: string };

/** Which PostgreSQL cluster and database a connection reached: `system_identifier` (and the start time, if unreadable). */
async function identityOf(query: (text: string) => Promise<Record<string, unknown>[]>): Promise<TIdentity | undefined> {
  const base = await query(`SELECT current_database()::text AS db, pg_postmaster_start_time()::text AS started`).catch(() => undefined);
  if (!base?.[0]) return undefined;
  const sys = await query(`SELECT system_identifier::text AS sysid FROM pg_control_system()`).catch(() => undefined);
  return {
    db: String(base[0].db),
    started: base[0].started == null ? null : String(base[0].started),
    sysid: sys?.[0]?.sysid == null ? null : String(sys[0].sysid),
  };
}

/**
 * After connecting: refuses the product's own database however it was reached (another host name, a proxy, a
 * forwarded port), by the cluster it is (`system_identifier`, or the postmaster's start time where that is not
 * readable) and the database (`current_database()`). A server that answers neither cannot be the product's own
 * PostgreSQL, which answers both to every role.
 */
export async function assertNotOwnDatabase(query: (text: string) => Promise<Record<string, unknown>[]>, ownUrl: string | undefined): Promise<void> {
  if (!ownUrl) return;
  const theirs = await identityOf(query);
  if (!theirs) return;
  const client = new pg.Client({ connectionString: ownUrl, connectionTimeoutMillis: 5_000 });
  let mine: TIdentity | undefined;
  try {
    await client.connect();
    mine = await identityOf(async (text) => (await client.query(text)).rows as Record<string, unknown>[]);
  } finally {
    await client.end().catch(() => undefined);
  }
  // Our own database not answering: refuse rather than guess.
  if (!mine) throw new AppError('API_HOST_REFUSED', m.ownDatabase);
  const sameCluster = theirs.sysid !== null && mine.sysid !== null ? theirs.sysid === mine.sysid : theirs.started !== null && theirs.started === mine.started;
  if (sameCluster && theirs.db === mine.db) throw new AppError('API_HOST_REFUSED', m.ownDatabase);
}

/** Opens a pool (checked by one connection); failures become Korean AppErrors saying what failed. */
export async function openEngine(target: TConnectTarget, poolSize = 10): Promise<TEngine> {
  let engine: TEngine;
  try {
    engine = target.kind === 'postgres' ? await openPgEngine(target, poolSize) : await openMysqlEngine(target, poolSize);
  } catch (e) {
    const kind = classifyConnectError(e);
    const message =
      kind === 'unreachable'
        ? m.unreachable(target.host, target.port)
        : kind === 'auth'
          ? m.auth
          : kind === 'database'
            ? m.unknownDatabase(target.database)
            : kind === 'timeout'
              ? m.timeout
              : kind === 'tls'
                ? m.tls
                : m.other(String((e as Error).message ?? '').slice(0, 200));
    throw new AppError('API_CONNECTION_FAILED', message, { details: [{ path: 'reason', message: kind }] });
  }
  if (target.kind === 'postgres') {
    try {
      await assertNotOwnDatabase(async (text) => (await engine.query(text)).rows, target.ownDatabaseUrl);
    } catch (e) {
      await engine.close().catch(() => undefined);
      throw e;
    }
  }
  return engine;
}
