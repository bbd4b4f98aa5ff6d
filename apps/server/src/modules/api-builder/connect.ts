/**
 * From a stored or submitted connection to an open engine: the outbound guard resolves the host once (loopback,
 * private and link-local refused unless API_BUILDER_ALLOW_PRIVATE_HOSTS), the product's own database is always
 * refused, and the pool connects to the checked address (TLS keeps the original name as server name).
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ko } from '@suite/shared';
import type { TConfig } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { OutboundGuardError, resolveGuardedHost } from '../../lib/outbound-guard.ts';
import { classifyConnectError, type TConnectTarget, type TEngine, type TEngineKind } from './engines/engine.ts';
import { openMysqlEngine } from './engines/mysql-engine.ts';
import { openPgEngine } from './engines/pg-engine.ts';

const m = ko.apiBuilder.server;

export type TConnectionSpec = {
  engine: TEngineKind;
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  tls: boolean;
  statementTimeoutMs: number;
};

const isLoopback = (a: string) => /^127\./.test(a) || a === '::1' || a === '::ffff:127.0.0.1';

/** The product's own PostgreSQL (DATABASE_URL): its addresses, port and database. PGlite has no TCP port at all. */
async function ownDatabase(config: TConfig): Promise<{ addresses: string[]; port: number; database: string } | undefined> {
  if (!config.databaseUrl) return undefined;
  const url = new URL(config.databaseUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  return { addresses, port: Number(url.port || 5432), database: decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres' };
}

export async function resolveTarget(config: TConfig, spec: TConnectionSpec): Promise<TConnectTarget> {
  let resolved;
  try {
    resolved = await resolveGuardedHost(spec.host, { allowPrivate: config.apiBuilder.allowPrivateHosts });
  } catch (e) {
    if (!(e instanceof OutboundGuardError)) throw e;
    if (e.reason === 'invalid-host') throw new AppError('API_HOST_REFUSED', m.invalidHost, { status: 400 });
    if (e.reason === 'unresolvable') throw new AppError('API_CONNECTION_FAILED', m.unresolvable(spec.host));
    throw new AppError('API_HOST_REFUSED', m.privateHost);
  }
  const own = await ownDatabase(config);
  if (own && spec.engine === 'postgres' && spec.port === own.port && spec.database === own.database) {
    const same = own.addresses.some((a) => a === resolved.address || (isLoopback(a) && isLoopback(resolved.address)));
    if (same) throw new AppError('API_HOST_REFUSED', m.ownDatabase);
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
  };
}

/** Opens a pool (checked by one connection); failures become Korean AppErrors saying what failed. */
export async function openEngine(target: TConnectTarget, poolSize = 10): Promise<TEngine> {
  try {
    return target.kind === 'postgres' ? await openPgEngine(target, poolSize) : await openMysqlEngine(target, poolSize);
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
}
