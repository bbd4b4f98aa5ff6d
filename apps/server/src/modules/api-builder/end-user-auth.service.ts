/**
 * End-user access settings of one API (issue 36, decision 090), for the console: seed owner and admins only (`seedFor`
 * and the role, as the rest of the module). The HS256 secret is sealed with ENCRYPTION_KEY and never returned; row
 * filters name published tables and their introspected columns.
 */
import { ko } from '@suite/shared';
import type { ZEndUserAuthInput, TEndUserAuth } from '@suite/shared/schemas/api-builder-jwt';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { seedFor } from '../seeds/seeds.service.ts';
import type { TDeps } from './api-builder.deps.ts';
import * as repo from './api-builder.repository.ts';
import type { TSchemaInfo } from './engines/engine.ts';
import type { TPublishedTable } from './runtime.ts';
import { jwksUrlAllowed, publicView, saveEndUserRow } from './end-user-auth.ts';
import { endUserRow } from './end-user-auth.repository.ts';

const m = ko.apiBuilderJwt.server;
type TActor = { id: string; ip: string };

async function managedApi(deps: TDeps, actor: TActor, seedId: string, apiId: string) {
  const seed = await seedFor(deps.db, seedId, actor.id);
  if (seed.role !== 'owner' && seed.role !== 'admin') throw new AppError('API_BUILDER_FORBIDDEN');
  const api = await repo.findApi(deps.db, seedId, apiId);
  if (!api || api.internal) throw new AppError('API_NOT_FOUND');
  const conn = await repo.findConnection(deps.db, seedId, api.connectionId);
  if (!conn) throw new AppError('API_CONNECTION_NOT_FOUND');
  return { api, conn };
}

export async function getEndUserAuth(deps: TDeps, actor: TActor, seedId: string, apiId: string): Promise<TEndUserAuth> {
  const { api } = await managedApi(deps, actor, seedId, apiId);
  return publicView(await endUserRow(deps.db, api.id));
}

export async function saveEndUserAuth(
  deps: TDeps,
  actor: TActor,
  seedId: string,
  apiId: string,
  input: z.output<typeof ZEndUserAuthInput>,
): Promise<TEndUserAuth> {
  const { api, conn } = await managedApi(deps, actor, seedId, apiId);
  const existing = await endUserRow(deps.db, api.id);
  const bad = (path: string, message: string) => new AppError('VALIDATION_FAILED', message, { details: [{ path, message }] });
  if (input.enabled && input.mode === 'secret' && !input.secret && !existing?.secretEnc) throw bad('secret', ko.apiBuilderJwt.validation.secretNeeded);
  // https only; http to loopback only where the API builder may reach private hosts (development, tests).
  if (input.mode === 'jwks' && input.jwksUrl && !jwksUrlAllowed(input.jwksUrl, deps.config.apiBuilder.allowPrivateHosts))
    throw bad('jwksUrl', ko.apiBuilderJwt.validation.jwksUrl);
  // Row filters: a published table and one of its columns, as introspected (names are matched, never written raw).
  const published = new Set((api.tables as TPublishedTable[]).map((t) => t.name));
  const tables = new Map((conn.schemaInfo as TSchemaInfo).tables.map((t) => [t.name, t]));
  input.rowFilters.forEach((f, i) => {
    if (!published.has(f.table) || !tables.has(f.table)) throw bad(`rowFilters.${i}.table`, m.noFilterTable(f.table.slice(0, 64)));
    if (!tables.get(f.table)!.columns.some((c) => c.name === f.column))
      throw bad(`rowFilters.${i}.column`, m.noFilterColumn(f.table.slice(0, 64), f.column.slice(0, 64)));
  });
  // Roles are switched on PostgreSQL only; on MariaDB/MySQL the row filters carry the end user.
  if (conn.engine !== 'postgres' && input.allowedRoles.length) throw bad('allowedRoles', m.rolesOnPostgres);
  const row = await saveEndUserRow(deps.db, deps.config.encryptionKey, api.id, input, deps.ctx.now());
  await deps.runtime.changed('api', api.id);
  await writeAudit(deps.db, {
    action: 'api_builder.end_user_auth_saved',
    actorId: actor.id,
    targetType: 'seed',
    targetId: seedId,
    ip: actor.ip,
    metadata: { apiId: api.id, enabled: row.enabled, mode: row.mode, secretChanged: Boolean(input.secret), roles: row.allowedRoles, anonRole: row.anonRole },
  });
  return publicView(row);
}
