/**
 * Bearer-token guard for routes of any module.
 *
 *   import { requireAuth, requireAdmin, currentUser } from '../../plugins/auth-guard.ts';
 *
 *   app.get('/api/things', { onRequest: requireAuth, schema: { security: [{ bearerAuth: [] }], ... } }, async (request) => {
 *     const user = currentUser(request);          // TAuthUser, never null after requireAuth
 *     ...
 *   });
 *   app.post('/api/admin/x', { onRequest: requireAdmin }, handler);   // 401 without a valid token, 403 unless role 'admin'
 *
 * What is checked on every request: the access token's signature (HS256 with a key derived from AUTH_SECRET; any other
 * algorithm, `alg: none` included, is refused), issuer, audience and expiry; then, in the database (one primary-key
 * join, no cache), that its session (`sid`) is neither revoked nor expired and that the user is active and not deleted.
 * So logout, password change, suspension, deletion and "end this session" stop the access token at once, not only
 * the next refresh. Role and status come from the database, not from the token's claims.
 *
 * `request.user` is set by the guard (null on routes without it). Register once on the root app: registerAuthGuard(app).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TUser } from '@suite/shared';
import type { TAppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { tokenService } from '../lib/tokens.ts';
import { bearerToken } from '../lib/route-helpers.ts';

const PLATFORM_POLICY = 'platform';

export type TAuthUser = {
  id: string;
  email: string;
  fullName: string;
  role: TUser['role'];
  status: TUser['status'];
  provider: TUser['provider'];
  emailVerified: boolean;
  /** The session (refresh-token family) this access token belongs to. */
  sessionId: string;
  /** When the session began (sign-in) and when it passed a second factor (null: never). */
  sessionCreatedAt: Date;
  secondFactorAt: Date | null;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    user: TAuthUser | null;
  }
}

type TDbOf = TAppContext['database']['db'];

/** What the guard reads, from the modules that own it (wired by buildApp: plugins do not import modules). */
export type TGuardBackend = {
  findSessionWithUser: (
    db: TDbOf,
    sessionId: string,
    userId: string,
  ) => Promise<
    | {
        createdAt: Date;
        revokedAt: Date | null;
        expiresAt: Date;
        lastUsedAt: Date;
        secondFactorAt: Date | null;
        user: { id: string; email: string; fullName: string; role: string; status: string; provider: string; emailVerified: boolean; deletedAt: Date | null };
      }
    | undefined
  >;
  sessionIsLive: (session: { revokedAt: Date | null; expiresAt: Date; lastUsedAt: Date }, now: Date, idleTimeoutMs: number) => boolean;
  revokeUserSessions: (db: TDbOf, userId: string, reason: string) => Promise<unknown>;
  getPolicy: (db: TDbOf, scope: string) => Promise<unknown>;
  anyScopeRequires: (db: TDbOf, scopes: string[]) => Promise<boolean>;
  roleInSeed: (db: TDbOf, seedId: string, userId: string) => Promise<string | null>;
};

export function registerAuthGuard(app: FastifyInstance, backend: TGuardBackend): void {
  app.decorateRequest('user', null);
  // On the root app before any module registers, so every route's context sees it (as `ctx`).
  app.decorate('authGuard', backend);
}

function appContext(request: FastifyRequest): TAppContext {
  return (request.server as unknown as { ctx: TAppContext }).ctx;
}

const backendOf = (request: FastifyRequest) => (request.server as unknown as { authGuard: TGuardBackend }).authGuard;

/** onRequest/preHandler hook: 401 unless a valid access token of a live session of an active user is presented. */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw new AppError('UNAUTHORIZED');
  const ctx = appContext(request);
  let claims;
  try {
    claims = await tokenService(ctx.config).verifyAccess(token);
  } catch {
    throw new AppError('UNAUTHORIZED');
  }
  const guard = backendOf(request);
  const row = await guard.findSessionWithUser(ctx.database.db, claims.sid, claims.sub);
  if (!row || !guard.sessionIsLive(row, ctx.now(), ctx.config.session.idleTimeoutMs)) throw new AppError('SESSION_REVOKED');
  const u = row.user;
  if (u.deletedAt || u.status !== 'active') {
    await guard.revokeUserSessions(ctx.database.db, u.id, 'account_not_active');
    throw new AppError(u.status === 'suspended' ? 'ACCOUNT_SUSPENDED' : 'ACCOUNT_INACTIVE', undefined, { status: 401 });
  }
  request.user = {
    id: u.id,
    email: u.email,
    fullName: u.fullName,
    role: u.role === 'admin' || u.role === 'guest' ? u.role : 'user',
    status: 'active',
    provider: u.provider === 'google' ? 'google' : 'email',
    emailVerified: u.emailVerified,
    sessionId: claims.sid,
    sessionCreatedAt: row.createdAt,
    secondFactorAt: row.secondFactorAt,
  };
  // Issue 27 item 14: every authenticated route under /api/seeds/{seedId}, whatever module registers it, passes here.
  const seedId = seedScopeOf(request);
  if (seedId) await requireSeedSecondFactor(request, seedId);
}

const SEED_ROUTE = '/api/seeds/:seedId';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The seed a route is scoped to: its `:seedId` when the route's pattern lies under /api/seeds/:seedId, else a
 * `seedId` in the query string (the console summary reads one seed's figures that way).
 */
function seedScopeOf(request: FastifyRequest): string | undefined {
  const pattern = request.routeOptions.url;
  const underSeed = pattern === SEED_ROUTE || Boolean(pattern?.startsWith(`${SEED_ROUTE}/`));
  const seedId = underSeed ? (request.params as { seedId?: unknown } | undefined)?.seedId : (request.query as { seedId?: unknown } | undefined)?.seedId;
  return typeof seedId === 'string' && UUID.test(seedId) ? seedId : undefined;
}

/**
 * onRequest/preHandler hook: requireAuth, then 403 unless the user's role (from the database) is 'admin' and, when
 * the platform requires a second factor for admins, this session passed one (issue 19).
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireAuth(request);
  if (request.user?.role !== 'admin') throw new AppError('FORBIDDEN');
  if (!request.user.secondFactorAt && (await backendOf(request).getPolicy(appContext(request).database.db, PLATFORM_POLICY)))
    throw new AppError('SECOND_FACTOR_REQUIRED');
}

/**
 * An owner or admin of a seed that requires a second factor must have passed one in this session (members are not
 * affected). requireAuth runs it for every route under /api/seeds/:seedId (issue 27 item 14), so no module has to
 * remember it; enrolling a factor (/api/me/second-factor/…) lies outside the seed and stays reachable.
 */
export async function requireSeedSecondFactor(request: FastifyRequest, seedId: string): Promise<void> {
  const user = request.user;
  if (!user || user.secondFactorAt) return;
  const db = appContext(request).database.db;
  // The policy first (one query on every seed route); the role, read through the seeds service, only when it is on.
  const guard = backendOf(request);
  if (!(await guard.anyScopeRequires(db, [seedId]))) return;
  const role = await guard.roleInSeed(db, seedId, user.id);
  if (role === 'owner' || role === 'admin') throw new AppError('SECOND_FACTOR_REQUIRED');
}

/** The authenticated user of a request guarded by requireAuth/requireAdmin; 401 if the guard did not run. */
export function currentUser(request: FastifyRequest): TAuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}
