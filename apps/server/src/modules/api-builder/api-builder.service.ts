/**
 * The console side of the API builder: connections (checked when saved, password encrypted, never returned),
 * introspection, publishing, cache settings, keys and figures. Only a seed's owner and admins manage any of it.
 */
import { randomBytes } from 'node:crypto';
import { ko } from '@suite/shared';
import type {
  TApiBuilderSummary,
  TApiConnection,
  TApiConnectionUsage,
  TApiDefinition,
  TApiKey,
  TDbFunction,
  TDbTable,
} from '@suite/shared/schemas/api-builder';
import type { z } from 'zod';
import type { ZCreateApiKeyInput, ZCreateConnectionInput, ZPublishApiInput, ZUpdateApiInput } from '@suite/shared/schemas/api-builder';
import { AppError } from '../../lib/app-error.ts';
import { encryptSecret } from '../../lib/secret-box.ts';
import { writeAudit } from '../../lib/audit.ts';
import { seedFor } from '../seeds/seeds.service.ts';
import { appsOfConnection } from '../admin-builder/admin-builder.service.ts';
import { kstDay } from '../../lib/kst-day.ts';
import type { TDeps } from './api-builder.deps.ts';
import * as repo from './api-builder.repository.ts';
import { installTriggers, removeTriggers } from './change-feed.ts';
import { openEngine, resolveTarget } from './connect.ts';
import { hashKey } from './data-api.service.ts';
import type { TSchemaInfo } from './engines/engine.ts';
import type { TPublishedTable } from './runtime.ts';
import { listFunctions } from './rpc.catalog.ts';

const m = ko.apiBuilder.server;
export type TActor = { id: string; ip: string };

async function managedSeed(deps: TDeps, actor: TActor, seedId: string) {
  const seed = await seedFor(deps.db, seedId, actor.id);
  if (seed.role !== 'owner' && seed.role !== 'admin') throw new AppError('API_BUILDER_FORBIDDEN');
  return seed;
}

const audit = (deps: TDeps, actor: TActor, action: string, seedId: string, metadata: Record<string, unknown>) =>
  writeAudit(deps.db, { action, actorId: actor.id, targetType: 'seed', targetId: seedId, ip: actor.ip, metadata });

function toConnection(row: repo.TConnectionRow): TApiConnection {
  return {
    id: row.id,
    name: row.name,
    engine: row.engine as 'postgres' | 'mysql',
    host: row.host,
    port: row.port,
    database: row.database,
    user: row.username,
    tls: row.tls,
    statementTimeoutMs: row.statementTimeoutMs,
    rowCap: row.rowCap,
    canWrite: row.canWrite,
    tableCount: (row.schemaInfo as TSchemaInfo).tables.length,
    syncedAt: row.syncedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** For the traffic recorder (issue 30): the seed owning each data API id (ids of deleted APIs are left out). */
export async function seedsOfApis(db: Parameters<typeof repo.apiById>[0], apiIds: string[]): Promise<Map<string, string>> {
  const found = await Promise.all(apiIds.slice(0, 200).map((id) => (/^[0-9a-f-]{36}$/i.test(id) ? repo.apiById(db, id) : undefined)));
  return new Map(found.flatMap((a) => (a ? [[a.id, a.seedId] as const] : [])));
}

export const baseUrlOf = (deps: TDeps, apiId: string) => `${deps.config.appUrl}/api/v1/${apiId}`;

async function introspectRow(deps: TDeps, row: repo.TConnectionRow) {
  const engine = await deps.runtime.engineFor(row);
  const [schema, canWrite] = await Promise.all([engine.introspect(), engine.canWrite()]);
  return { schema, canWrite };
}

export async function listConnections(deps: TDeps, actor: TActor, seedId: string): Promise<TApiConnection[]> {
  await managedSeed(deps, actor, seedId);
  return (await repo.listConnections(deps.db, seedId)).map(toConnection);
}

export async function createConnection(deps: TDeps, actor: TActor, seedId: string, input: z.output<typeof ZCreateConnectionInput>): Promise<TApiConnection> {
  await managedSeed(deps, actor, seedId);
  const target = await resolveTarget(deps.config, { ...input });
  const engine = await openEngine(target, 1);
  let schema: TSchemaInfo;
  let canWrite: boolean;
  try {
    [schema, canWrite] = await Promise.all([engine.introspect(), engine.canWrite()]);
  } finally {
    await engine.close();
  }
  const row = await repo.insertConnection(deps.db, {
    seedId,
    name: input.name,
    engine: input.engine,
    host: input.host,
    port: input.port,
    database: input.database,
    username: input.user,
    passwordEnc: encryptSecret(deps.config.encryptionKey, input.password),
    tls: input.tls,
    statementTimeoutMs: input.statementTimeoutMs,
    rowCap: input.rowCap,
    canWrite,
    schemaInfo: schema,
    createdBy: actor.id,
  });
  await audit(deps, actor, 'api_builder.connection_created', seedId, { label: input.name, engine: input.engine, host: input.host });
  return toConnection(row);
}

/** What deleting a connection takes with it: admin apps built on it, its published APIs, its change triggers. */
export async function connectionUsage(deps: TDeps, actor: TActor, seedId: string, connectionId: string): Promise<TApiConnectionUsage> {
  await managedSeed(deps, actor, seedId);
  const row = await repo.findConnection(deps.db, seedId, connectionId);
  if (!row) throw new AppError('API_CONNECTION_NOT_FOUND');
  return usageOf(deps, row);
}

async function usageOf(deps: TDeps, row: repo.TConnectionRow): Promise<TApiConnectionUsage> {
  const [apis, adminApps] = await Promise.all([repo.apisOfConnection(deps.db, row.id), appsOfConnection(deps, row.seedId, row.id)]);
  return { adminApps, apis: apis.filter((a) => !a.internal).length, triggerTables: triggeredTables(row, apis) };
}

/** Tables of the connection that carry the suite's change trigger (published by an API in trigger mode). */
function triggeredTables(conn: repo.TConnectionRow, apis: repo.TApiRow[]): string[] {
  const names = apis.filter((a) => a.cacheMode === 'trigger').flatMap((a) => triggerTables(conn, a.tables as TPublishedTable[]));
  return [...new Set(names)].sort();
}

/**
 * Drops the suite's change triggers from `tables` in the customer's database, except where another trigger-mode API
 * of the connection still needs them. False when the database could not be reached (the triggers stay).
 */
async function dropTriggers(deps: TDeps, conn: repo.TConnectionRow, tables: string[], remaining: repo.TApiRow[]): Promise<boolean> {
  if (conn.engine !== 'postgres') return true;
  const needed = new Set(triggeredTables(conn, remaining));
  const drop = tables.filter((t) => !needed.has(t));
  if (!drop.length) return true;
  try {
    await removeTriggers(await deps.runtime.engineFor(conn), drop);
    return true;
  } catch (e) {
    deps.log.warn({ err: String((e as Error).message).slice(0, 200), connectionId: conn.id }, 'API builder: change triggers not removed');
    return false;
  }
}

/**
 * Deletes a connection with its APIs and keys. Admin apps built on it go too (their settings, rights and change
 * records), so while any exist the server refuses (409, naming them) unless the client confirmed with force.
 * The change triggers the suite installed are removed from the customer's database first.
 */
export async function deleteConnection(deps: TDeps, actor: TActor, seedId: string, connectionId: string, force = false): Promise<{ triggersLeft: string[] }> {
  await managedSeed(deps, actor, seedId);
  const row = await repo.findConnection(deps.db, seedId, connectionId);
  if (!row) throw new AppError('API_CONNECTION_NOT_FOUND');
  const usage = await usageOf(deps, row);
  if (usage.adminApps.length && !force) {
    const names = usage.adminApps.map((a) => `'${a.name}'`).join(', ');
    throw new AppError('API_CONNECTION_IN_USE', m.connectionInUse(names), {
      details: usage.adminApps.map((a) => ({ path: 'adminApps', message: a.name })),
    });
  }
  const apis = await repo.apisOfConnection(deps.db, connectionId);
  const removed = await dropTriggers(deps, row, usage.triggerTables, []);
  await repo.deleteConnection(deps.db, seedId, connectionId);
  for (const a of apis) await deps.runtime.changed('api', a.id);
  await deps.runtime.changed('connection', connectionId);
  await audit(deps, actor, 'api_builder.connection_deleted', seedId, {
    label: row.name,
    adminApps: usage.adminApps.map((a) => a.name),
    triggersRemoved: removed ? usage.triggerTables : [],
  });
  return { triggersLeft: removed ? [] : usage.triggerTables };
}

export async function listTables(
  deps: TDeps,
  actor: TActor,
  seedId: string,
  connectionId: string,
  refresh: boolean,
): Promise<{ data: TDbTable[]; syncedAt: string }> {
  await managedSeed(deps, actor, seedId);
  let row = await repo.findConnection(deps.db, seedId, connectionId);
  if (!row) throw new AppError('API_CONNECTION_NOT_FOUND');
  if (refresh) {
    const { schema, canWrite } = await introspectRow(deps, row);
    await repo.updateConnectionSchema(deps.db, row.id, schema, canWrite, deps.ctx.now());
    for (const a of await repo.apisOfConnection(deps.db, row.id)) await deps.runtime.changed('api', a.id);
    row = (await repo.findConnection(deps.db, seedId, connectionId))!;
  }
  return { data: (row.schemaInfo as TSchemaInfo).tables, syncedAt: row.syncedAt.toISOString() };
}

function checkTables(row: repo.TConnectionRow, tables: TPublishedTable[]): TPublishedTable[] {
  const info = row.schemaInfo as TSchemaInfo;
  const seen = new Set<string>();
  return tables
    .filter((t) => !seen.has(t.name) && seen.add(t.name))
    .map((t) => {
      const found = info.tables.find((x) => x.name === t.name);
      if (!found) throw new AppError('API_TABLE_INVALID', m.tableNotPublishable(t.name));
      if (found.kind === 'view' && t.methods.some((mm) => mm !== 'GET')) throw new AppError('API_TABLE_INVALID', m.viewReadOnly(t.name));
      return { name: t.name, methods: [...new Set(t.methods)], ...(t.ttlSeconds !== undefined ? { ttlSeconds: t.ttlSeconds } : {}) };
    });
}

/** The database's functions (PostgreSQL functions, MariaDB stored functions and procedures), for the publish screen. */
export async function listDbFunctions(deps: TDeps, actor: TActor, seedId: string, connectionId: string): Promise<TDbFunction[]> {
  await managedSeed(deps, actor, seedId);
  const conn = await repo.findConnection(deps.db, seedId, connectionId);
  if (!conn) throw new AppError('API_CONNECTION_NOT_FOUND');
  const all = await listFunctions(await deps.runtime.engineFor(conn));
  return all.map((f) => ({
    name: f.name,
    kind: f.kind,
    args: f.args.map((a) => ({ name: a.name, type: a.type })),
    readOnly: f.readOnly,
    returnType: f.returnType,
  }));
}

/** Functions to publish: each must exist in the database now (any overload of the name); duplicates dropped. */
async function checkFunctions(deps: TDeps, conn: repo.TConnectionRow, fns: { name: string }[]): Promise<{ name: string }[]> {
  const names = [...new Set(fns.map((f) => f.name))];
  if (!names.length) return [];
  const known = new Set((await listFunctions(await deps.runtime.engineFor(conn))).map((f) => f.name));
  const missing = names.find((n) => !known.has(n));
  if (missing !== undefined) throw new AppError('API_TABLE_INVALID', m.functionNotPublishable(missing));
  return names.map((name) => ({ name }));
}

async function usageToday(deps: TDeps, seedId: string) {
  await deps.usage.flush();
  return repo.usageOfSeed(deps.db, seedId, kstDay(deps.ctx.now()));
}

function toApi(deps: TDeps, row: repo.TApiRow, conn: repo.TConnectionRow | undefined, usage: Awaited<ReturnType<typeof usageToday>>): TApiDefinition {
  const mine = usage.filter((u) => u.apiId === row.id);
  return {
    id: row.id,
    connectionId: row.connectionId,
    connectionName: conn?.name ?? '',
    engine: (conn?.engine ?? 'postgres') as 'postgres' | 'mysql',
    baseUrl: baseUrlOf(deps, row.id),
    tables: row.tables as TPublishedTable[] as TApiDefinition['tables'],
    functions: row.functions as { name: string }[],
    cacheMode: deps.feeds.effectiveMode(row, conn?.engine ?? 'postgres'),
    cacheTtlSeconds: row.cacheTtlSeconds,
    aggregatesEnabled: row.aggregatesEnabled,
    callsToday: mine.reduce((a, u) => a + u.calls, 0),
    cacheHitsToday: mine.reduce((a, u) => a + u.hits, 0),
    cacheMissesToday: mine.reduce((a, u) => a + u.misses, 0),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listApis(deps: TDeps, actor: TActor, seedId: string): Promise<TApiDefinition[]> {
  await managedSeed(deps, actor, seedId);
  const [rows, conns, usage] = await Promise.all([repo.listApis(deps.db, seedId), repo.listConnections(deps.db, seedId), usageToday(deps, seedId)]);
  return rows.map((r) =>
    toApi(
      deps,
      r,
      conns.find((c) => c.id === r.connectionId),
      usage,
    ),
  );
}

export async function publishApi(deps: TDeps, actor: TActor, seedId: string, input: z.output<typeof ZPublishApiInput>) {
  await managedSeed(deps, actor, seedId);
  const conn = await repo.findConnection(deps.db, seedId, input.connectionId);
  if (!conn) throw new AppError('API_CONNECTION_NOT_FOUND');
  const tables = checkTables(conn, input.tables);
  const functions = await checkFunctions(deps, conn, input.functions ?? []);
  const row = await repo.insertApi(deps.db, {
    seedId,
    connectionId: conn.id,
    tables,
    functions,
    // MySQL/MariaDB: the UPDATE_TIME probe from the start; PostgreSQL: TTL until the user consents to triggers.
    cacheMode: conn.engine === 'mysql' ? 'probe' : 'ttl',
    cacheTtlSeconds: input.cacheTtlSeconds ?? 30,
  });
  await audit(deps, actor, 'api_builder.api_published', seedId, { label: conn.name, tables: tables.map((t) => t.name) });
  return { id: row.id, baseUrl: baseUrlOf(deps, row.id) };
}

async function managedApi(deps: TDeps, actor: TActor, seedId: string, apiId: string) {
  await managedSeed(deps, actor, seedId);
  const api = await repo.findApi(deps.db, seedId, apiId);
  if (!api) throw new AppError('API_NOT_FOUND');
  const conn = await repo.findConnection(deps.db, seedId, api.connectionId);
  if (!conn) throw new AppError('API_CONNECTION_NOT_FOUND');
  return { api, conn };
}

export async function updateApi(deps: TDeps, actor: TActor, seedId: string, apiId: string, input: z.output<typeof ZUpdateApiInput>): Promise<TApiDefinition> {
  const { api, conn } = await managedApi(deps, actor, seedId, apiId);
  const patch: Partial<repo.TApiRow> = {};
  if (input.tables) patch.tables = checkTables(conn, input.tables);
  if (input.functions) patch.functions = await checkFunctions(deps, conn, input.functions);
  if (input.cacheMode) patch.cacheMode = input.cacheMode === 'probe' && conn.engine !== 'mysql' ? 'ttl' : input.cacheMode;
  if (input.cacheTtlSeconds !== undefined) patch.cacheTtlSeconds = input.cacheTtlSeconds;
  if (input.aggregatesEnabled !== undefined) patch.aggregatesEnabled = input.aggregatesEnabled;
  // Trigger mode covers the newly published tables too: their triggers are installed with the change (the user
  // consented to triggers for this API); if that fails, the API falls back to TTL rather than miss their writes.
  if (patch.tables && (patch.cacheMode ?? api.cacheMode) === 'trigger') {
    const tables = triggerTables(conn, patch.tables as TPublishedTable[]);
    try {
      await installTriggers(await deps.runtime.engineFor(conn), tables);
    } catch (e) {
      deps.log.warn({ err: String((e as Error).message).slice(0, 200), apiId: api.id }, 'API builder: triggers for new tables not installed; TTL mode');
      patch.cacheMode = 'ttl';
    }
  }
  const row = await repo.updateApi(deps.db, api.id, patch);
  await deps.runtime.changed('api', api.id);
  // Tables taken out of a trigger-mode API lose their trigger (unless another API of the connection needs it).
  if (api.cacheMode === 'trigger') {
    const kept = new Set(row.cacheMode === 'trigger' ? (row.tables as TPublishedTable[]).map((t) => t.name) : []);
    const dropped = triggeredTables(conn, [api]).filter((n) => !kept.has(n));
    const others = (await repo.apisOfConnection(deps.db, conn.id)).filter((a) => a.id !== api.id);
    if (dropped.length) await dropTriggers(deps, conn, dropped, others);
  }
  // The listener restarts with the new definition; the answer reports the mode once it is back (or TTL).
  if (row.cacheMode === 'trigger') await deps.feeds.ensure(row);
  await audit(deps, actor, 'api_builder.api_updated', seedId, { label: conn.name, changes: Object.keys(patch) });
  return toApi(deps, row, conn, await usageToday(deps, seedId));
}

/** Unpublishes an API (its keys go with it); its change triggers are removed where no other API needs them. */
export async function deleteApi(deps: TDeps, actor: TActor, seedId: string, apiId: string): Promise<void> {
  const { api, conn } = await managedApi(deps, actor, seedId, apiId);
  await repo.deleteApi(deps.db, seedId, api.id);
  await deps.runtime.changed('api', api.id);
  if (api.cacheMode === 'trigger') {
    const remaining = await repo.apisOfConnection(deps.db, conn.id);
    await dropTriggers(deps, conn, triggeredTables(conn, [api]), remaining);
  }
  await audit(deps, actor, 'api_builder.api_deleted', seedId, { label: conn.name, tables: (api.tables as TPublishedTable[]).map((t) => t.name) });
}

/** The published tables that can carry a trigger (tables, not views). */
const triggerTables = (conn: repo.TConnectionRow, published: TPublishedTable[]) =>
  published.map((t) => t.name).filter((n) => (conn.schemaInfo as TSchemaInfo).tables.find((x) => x.name === n)?.kind === 'table');

/** The user's consent: installs change triggers on the published tables and switches the API to trigger mode. */
export async function installChangeTriggers(deps: TDeps, actor: TActor, seedId: string, apiId: string): Promise<TApiDefinition> {
  const { api, conn } = await managedApi(deps, actor, seedId, apiId);
  if (conn.engine !== 'postgres') throw new AppError('API_TRIGGERS_FAILED', m.triggersPostgresOnly, { status: 400 });
  const engine = await deps.runtime.engineFor(conn);
  const tables = triggerTables(conn, api.tables as TPublishedTable[]);
  try {
    await installTriggers(engine, tables);
  } catch (e) {
    throw new AppError('API_TRIGGERS_FAILED', m.triggersFailed(String((e as Error).message).slice(0, 200)));
  }
  const row = await repo.updateApi(deps.db, api.id, { cacheMode: 'trigger' });
  await deps.runtime.changed('api', api.id);
  await deps.feeds.ensure(row);
  await audit(deps, actor, 'api_builder.triggers_installed', seedId, { label: conn.name, tables });
  return toApi(deps, row, conn, await usageToday(deps, seedId));
}

export async function removeChangeTriggers(deps: TDeps, actor: TActor, seedId: string, apiId: string): Promise<TApiDefinition> {
  const { api, conn } = await managedApi(deps, actor, seedId, apiId);
  if (conn.engine !== 'postgres') throw new AppError('API_TRIGGERS_FAILED', m.triggersPostgresOnly, { status: 400 });
  const engine = await deps.runtime.engineFor(conn);
  await removeTriggers(
    engine,
    (api.tables as TPublishedTable[]).map((t) => t.name),
  ).catch(() => undefined);
  const row = await repo.updateApi(deps.db, api.id, { cacheMode: 'ttl' });
  await deps.runtime.changed('api', api.id);
  await audit(deps, actor, 'api_builder.triggers_removed', seedId, { label: conn.name });
  return toApi(deps, row, conn, await usageToday(deps, seedId));
}

export async function createKey(deps: TDeps, actor: TActor, seedId: string, input: z.output<typeof ZCreateApiKeyInput>) {
  await managedSeed(deps, actor, seedId);
  const api = await repo.findApi(deps.db, seedId, input.apiId);
  if (!api) throw new AppError('API_NOT_FOUND');
  // A key limited to some tables calls only the functions it lists as `rpc/{name}` (issue 36).
  const names = new Set([...(api.tables as TPublishedTable[]).map((t) => t.name), ...(api.functions as { name: string }[]).map((f) => `rpc/${f.name}`)]);
  if (input.tables?.some((t) => !names.has(t))) throw new AppError('API_TABLE_INVALID');
  const key = `sk_${randomBytes(32).toString('base64url')}`;
  const row = await repo.insertKey(deps.db, {
    seedId,
    apiId: api.id,
    name: input.name,
    keyHash: hashKey(key),
    keyPrefix: key.slice(0, 10),
    methods: input.methods ? [...new Set(input.methods)] : null,
    tables: input.tables ? [...new Set(input.tables)] : null,
    rateLimitPerMinute: input.rateLimitPerMinute ?? 600,
    readPersonalData: input.readPersonalData ?? false,
  });
  await audit(deps, actor, 'api_builder.key_created', seedId, { label: input.name });
  return { id: row.id, key };
}

export async function listKeys(deps: TDeps, actor: TActor, seedId: string): Promise<TApiKey[]> {
  await managedSeed(deps, actor, seedId);
  const [rows, usage] = await Promise.all([repo.listKeys(deps.db, seedId), usageToday(deps, seedId)]);
  return rows.map((r) => ({
    id: r.id,
    apiId: r.apiId,
    name: r.name,
    prefix: r.keyPrefix,
    methods: r.methods as TApiKey['methods'],
    tables: r.tables,
    rateLimitPerMinute: r.rateLimitPerMinute,
    readPersonalData: r.readPersonalData,
    callsToday: usage.find((u) => u.keyId === r.id)?.calls ?? 0,
    createdAt: r.createdAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
  }));
}

export async function revokeKey(deps: TDeps, actor: TActor, seedId: string, keyId: string): Promise<void> {
  await managedSeed(deps, actor, seedId);
  const [row] = await repo.revokeKey(deps.db, seedId, keyId, deps.ctx.now());
  if (!row) throw new AppError('API_KEY_NOT_FOUND');
  await deps.runtime.changed('key', row.keyHash);
  await audit(deps, actor, 'api_builder.key_revoked', seedId, { keyId });
}

/** Turns a key's right to read personal numbers unmasked on or off (issue 36); every instance drops its cached key. */
export async function setKeyPersonal(deps: TDeps, actor: TActor, seedId: string, keyId: string, on: boolean): Promise<void> {
  await managedSeed(deps, actor, seedId);
  const [row] = await repo.setKeyPersonal(deps.db, seedId, keyId, on);
  if (!row) throw new AppError('API_KEY_NOT_FOUND');
  await deps.runtime.changed('key', row.keyHash);
  await audit(deps, actor, 'api_builder.key_personal_data', seedId, { keyId, readPersonalData: on });
}

export async function summary(deps: TDeps, actor: TActor, seedId: string): Promise<TApiBuilderSummary> {
  await managedSeed(deps, actor, seedId);
  const [conns, apis, usage] = await Promise.all([repo.listConnections(deps.db, seedId), repo.listApis(deps.db, seedId), usageToday(deps, seedId)]);
  const hits = usage.reduce((a, u) => a + u.hits, 0);
  const misses = usage.reduce((a, u) => a + u.misses, 0);
  return {
    connections: conns.length,
    apis: apis.length,
    callsToday: usage.reduce((a, u) => a + u.calls, 0),
    cacheHitsToday: hits,
    cacheMissesToday: misses,
    hitRatio: hits + misses ? hits / (hits + misses) : null,
  };
}

/* ---- For the admin-page builder (issue 13): its app's internal API over a connection of the same seed. ---- */

export type TConnectionForAdmin = { id: string; name: string; engine: 'postgres' | 'mysql'; rowCap: number; schema: TSchemaInfo };

export async function connectionForAdmin(deps: TDeps, seedId: string, connectionId: string): Promise<TConnectionForAdmin> {
  const row = await repo.findConnection(deps.db, seedId, connectionId);
  if (!row) throw new AppError('API_CONNECTION_NOT_FOUND');
  return { id: row.id, name: row.name, engine: row.engine as 'postgres' | 'mysql', rowCap: row.rowCap, schema: row.schemaInfo as TSchemaInfo };
}

/** Creates the internal API an admin app reads and writes through: tables with every method (views read-only). */
export async function createInternalApi(deps: TDeps, seedId: string, connectionId: string, tables: string[]): Promise<string> {
  const conn = await repo.findConnection(deps.db, seedId, connectionId);
  if (!conn) throw new AppError('API_CONNECTION_NOT_FOUND');
  const info = conn.schemaInfo as TSchemaInfo;
  const published = tables.map((name) => {
    const t = info.tables.find((x) => x.name === name);
    if (!t) throw new AppError('API_TABLE_INVALID', m.tableNotPublishable(name));
    return { name, methods: t.kind === 'view' ? ['GET'] : ['GET', 'POST', 'PATCH', 'DELETE'] };
  });
  // Admin pages must show what is in the database now: no TTL cache; MySQL/MariaDB keep the UPDATE_TIME probe.
  const row = await repo.insertApi(deps.db, {
    seedId,
    connectionId,
    tables: published,
    cacheMode: conn.engine === 'mysql' ? 'probe' : 'off',
    cacheTtlSeconds: 0,
    internal: true,
  });
  return row.id;
}

/**
 * Publishes `fn` on an admin app's internal API (a row action calls it, decision 094): the database must have a function
 * of that name now (400 in Korean otherwise); already published, nothing changes.
 */
export async function publishInternalFunction(deps: TDeps, seedId: string, apiId: string, fn: string): Promise<void> {
  const live = await deps.runtime.live(apiId);
  if (!live || !live.api.internal || live.api.seedId !== seedId) throw new AppError('API_NOT_FOUND');
  if (live.functions.has(fn)) return;
  const functions = await checkFunctions(deps, live.connection, [...((live.api.functions ?? []) as { name: string }[]), { name: fn }]);
  await repo.updateApi(deps.db, apiId, { functions });
  await deps.runtime.changed('api', apiId);
}

export async function deleteInternalApi(deps: TDeps, apiId: string): Promise<void> {
  await repo.deleteInternalApi(deps.db, apiId);
  await deps.runtime.changed('api', apiId);
}
