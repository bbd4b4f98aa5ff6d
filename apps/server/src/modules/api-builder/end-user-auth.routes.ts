/**
 * The console's end-user access settings of one API (issue 36, decision 090): GET and PUT
 * `/api/seeds/:seedId/api-builder/apis/:apiId/end-user-auth`, seed owner and admins only (the module's guard,
 * `seedFor` + role). The HS256 secret is sealed with ENCRYPTION_KEY and never sent back; row filters name published
 * tables and their columns (checked against the connection's introspected schema).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ko } from '@suite/shared';
import { ZApiParams } from '@suite/shared/schemas/api-builder';
import { ZEndUserAuthInput, ZEndUserAuthResponse, ZEndUserAuthSaved, type TEndUserAuth } from '@suite/shared/schemas/api-builder-jwt';
import type { z } from 'zod';
import { currentUser, requireAuth } from '../../plugins/auth-guard.ts';
import { bearer, errorResponses } from '../../lib/route-helpers.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { seedFor } from '../seeds/seeds.service.ts';
import type { TDeps } from './api-builder.deps.ts';
import * as repo from './api-builder.repository.ts';
import type { TSchemaInfo } from './engines/engine.ts';
import type { TPublishedTable } from './runtime.ts';
import { endUserRow, publicView, saveEndUserRow } from './end-user-auth.ts';

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
  const row = await saveEndUserRow(deps.db, deps.config.encryptionKey, api.id, input);
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

export const endUserAuthRoutes: FastifyPluginAsyncZod<{ deps: TDeps }> = async (app, { deps }) => {
  const auth = { onRequest: requireAuth };
  const actor = (request: Parameters<typeof currentUser>[0]) => ({ id: currentUser(request).id, ip: request.ip });
  const errs = errorResponses(400, 401, 403, 404);
  const url = '/api/seeds/:seedId/api-builder/apis/:apiId/end-user-auth';
  const tags = ['api-builder'];
  app.get(
    url,
    {
      ...auth,
      schema: { tags, summary: 'API 최종 사용자 접근(JWT) 설정', security: bearer, params: ZApiParams, response: { 200: ZEndUserAuthResponse, ...errs } },
    },
    async (request) => ({ data: await getEndUserAuth(deps, actor(request), request.params.seedId, request.params.apiId) }),
  );
  app.put(
    url,
    {
      ...auth,
      schema: {
        tags,
        summary: 'API 최종 사용자 접근(JWT) 설정 저장',
        security: bearer,
        params: ZApiParams,
        body: ZEndUserAuthInput,
        response: { 200: ZEndUserAuthSaved, ...errs },
      },
    },
    async (request) => ({
      success: true as const,
      message: m.saved,
      data: await saveEndUserAuth(deps, actor(request), request.params.seedId, request.params.apiId, request.body),
    }),
  );
};
