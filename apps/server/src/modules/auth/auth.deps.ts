import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { TConfig } from '../../config.ts';
import type { TAppContext } from '../../context.ts';
import type { TDb, TTx } from '../../db/client.ts';
import type { TSeed } from '@suite/shared/schemas/seeds';
import type { TNotificationEvent } from '@suite/shared/schemas/notifications';
import type { TSharedState } from '../../state/shared-state.ts';
import type { TMailer } from '../../adapters/mailer.ts';
import { createGoogleVerifier, type TGoogleVerifier } from '../../adapters/google.ts';
import { createOAuthClients, type TOAuthClient, type TOAuthProviderId } from '../../adapters/oauth-provider.ts';
import { createRateLimiter, type TRateLimiter } from '../../plugins/rate-limit.ts';
import { tokenService, type TTokenService } from '../../lib/tokens.ts';

/** What the account services work with, built once per app. */
export type TAuthDeps = {
  config: TConfig;
  db: TDb;
  tokens: TTokenService;
  limiter: TRateLimiter;
  mailer: TMailer;
  google: TGoogleVerifier;
  /** Kakao and Naver Login clients. */
  oauth: Record<TOAuthProviderId, TOAuthClient>;
  log: FastifyBaseLogger;
  /** Shared state (Redis with REDIS_URL): announcing ended sessions to every instance's event streams. */
  state: TSharedState;
  /** The clock the session policy reads (tests move it). */
  now: () => Date;
  /** What the account system uses of seeds, handed in by buildApp. */
  seeds: TSeedLinks;
  /** Security notices through the notification service, handed in by buildApp (security-notices.ts). */
  notify: TAuthNotify;
};

export type TSecurityEvent = Extract<TNotificationEvent, `security.${string}`>;
/**
 * The notification service's `notify` for the security events. It reads accounts through auth.service.ts, so the
 * account system never imports it: buildApp hands this function in (decision 032: no import cycles).
 */
export type TAuthNotify = (event: TSecurityEvent, input: { userId: string; title: string; body: string; link: string; dedupeKey: string }) => Promise<unknown>;

/**
 * Seeds build on accounts (the seeds module imports auth.service.ts), so the account system never imports the seeds
 * module: buildApp hands it these three functions of the seeds services instead (decision 032: no import cycles).
 */
export type TSeedLinks = {
  roleInSeed: (db: TTx, seedId: string, userId: string) => Promise<string | null>;
  seedIdsManagedBy: (db: TTx, userId: string) => Promise<string[]>;
  /** A sign-up from a seed invitation joins the seed when its address is confirmed. */
  acceptInvitation: (deps: TAuthDeps, actor: { id: string; email: string; ip: string }, token: string) => Promise<TSeed>;
};

export type TRequestMeta = { ip: string; userAgent: string };

export function createAuthDeps(ctx: TAppContext, log: FastifyBaseLogger, seeds: TSeedLinks, notify: TAuthNotify): TAuthDeps {
  const { config, database } = ctx;
  return {
    config,
    db: database.db,
    tokens: tokenService(config),
    limiter: createRateLimiter(ctx.state),
    mailer: ctx.mailer,
    google: createGoogleVerifier(config.google),
    oauth: createOAuthClients(config.oauthProviders),
    log,
    state: ctx.state,
    now: ctx.now,
    seeds,
    notify,
  };
}

export function requestMeta(request: FastifyRequest): TRequestMeta {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : '' };
}
