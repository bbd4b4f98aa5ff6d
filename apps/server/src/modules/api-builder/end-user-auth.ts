/**
 * End-user access (issue 36, decision 090): a published API may accept JWTs from the customer's own sign-in.
 *
 * - Verification: a JWKS URL (https; RS256/ES256; fetched through the outbound guard, kept as its `Cache-Control`
 *   says, at least 1 and at most 10 minutes, fetched again at most every 30 s when a token names an unknown `kid`) or
 *   an HS256 shared secret (sealed with ENCRYPTION_KEY). `exp` required; expected `aud`/`iss` when configured (JWKS
 *   mode needs one of them). Refusals in PostgREST's shapes: PGRST300 (no verification
 *   configured), PGRST301 (undecodable, forged, wrong algorithm, unknown key), PGRST302 (anonymous while no anonymous
 *   role), PGRST303 (expired, `aud`/`iss`, role not allowed), 401 with `WWW-Authenticate: Bearer error="invalid_token"`.
 * - PostgreSQL: the request runs in one transaction with `set_config('role', <role>, true)` (SET LOCAL ROLE) and
 *   `request.jwt.claims` (and the legacy `request.jwt.claim.<name>`), so the customer's RLS policies apply as under
 *   PostgREST. The role comes from the claim at `roleClaim` (PostgREST's `jwt-role-claim-key`), must be one the owner
 *   allowed (or the anonymous role), and must exist and be granted to the connection's user.
 * - Row filters (meant for MariaDB/MySQL, which has no RLS; applied on either engine when configured):
 *   `column = claims.<claim>` ANDed into every read, update and delete of the table (embeds included), and the column
 *   forced to the claim's value on insert and update.
 * - End-user answers are never cached (decision 090): the cache key has no user in it, and RLS decides rows.
 */
import { createLocalJWKSet, decodeProtectedHeader, errors as joseErrors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { ko } from '@suite/shared';
import type { TEndUserAuth, TEndUserAuthInput, TRowFilter } from '@suite/shared/schemas/api-builder-jwt';
import type { TDb } from '../../db/client.ts';
import { endUserRow, upsertEndUserRow, type TEndUserRow } from './end-user-auth.repository.ts';
import { decryptSecret, encryptSecret } from '../../lib/secret-box.ts';
import { guardedFetch } from '../../lib/guarded-fetch.ts';
import type { TEngine, TQueryResult, TTableInfo } from './engines/engine.ts';
import { PgrstError } from './postgrest/errors.ts';
import type { TPrepared } from './postgrest/handler.ts';
import type { TPlan } from './postgrest/read.ts';
import type { TFilter } from './postgrest/grammar.ts';

const m = ko.apiBuilderJwt.data;

/** The API's end-user settings as the data API uses them (the secret opened once per load). */
export type TEndUserConfig = {
  enabled: boolean;
  mode: 'jwks' | 'secret';
  jwksUrl: string | null;
  secret: Uint8Array | null;
  audience: string | null;
  issuer: string | null;
  roleClaim: string;
  allowedRoles: string[];
  anonRole: string | null;
  rowFilters: TRowFilter[];
};

/** Who a request runs as: the role (PostgreSQL), the token's claims, and whether it came without a token. */
export type TEndUser = { role: string | null; claims: Record<string, unknown>; anonymous: boolean };

// ---- storage -------------------------------------------------------------------------------------------------

export function configOf(key: Buffer, row: TEndUserRow | undefined): TEndUserConfig | undefined {
  if (!row) return undefined;
  let secret: Uint8Array | null = null;
  if (row.secretEnc) {
    try {
      secret = new TextEncoder().encode(decryptSecret(key, row.secretEnc));
    } catch {
      secret = null;
    }
  }
  return {
    enabled: row.enabled,
    mode: row.mode === 'secret' ? 'secret' : 'jwks',
    jwksUrl: row.jwksUrl,
    secret,
    audience: row.audience,
    issuer: row.issuer,
    roleClaim: row.roleClaim,
    allowedRoles: row.allowedRoles as string[],
    anonRole: row.anonRole,
    rowFilters: row.rowFilters as TRowFilter[],
  };
}

/** The console's view of the settings: never the secret. */
export function publicView(row: TEndUserRow | undefined): TEndUserAuth {
  return {
    enabled: row?.enabled ?? false,
    mode: row?.mode === 'secret' ? 'secret' : 'jwks',
    jwksUrl: row?.jwksUrl ?? null,
    hasSecret: Boolean(row?.secretEnc),
    audience: row?.audience ?? null,
    issuer: row?.issuer ?? null,
    roleClaim: row?.roleClaim ?? '.role',
    allowedRoles: (row?.allowedRoles as string[] | undefined) ?? [],
    anonRole: row?.anonRole ?? null,
    rowFilters: (row?.rowFilters as TRowFilter[] | undefined) ?? [],
  };
}

/** Checked input (shared zod schema, then the API's tables): the row to store. `secret` absent keeps the sealed one. */
export async function saveEndUserRow(db: TDb, key: Buffer, apiId: string, input: TEndUserAuthInput & { secret?: string | undefined }, now: Date) {
  const existing = await endUserRow(db, apiId);
  const secretEnc = input.secret ? encryptSecret(key, input.secret) : (existing?.secretEnc ?? null);
  return upsertEndUserRow(db, apiId, {
    enabled: input.enabled,
    mode: input.mode,
    jwksUrl: input.jwksUrl ?? null,
    secretEnc,
    audience: input.audience ?? null,
    issuer: input.issuer ?? null,
    roleClaim: input.roleClaim ?? '.role',
    allowedRoles: input.allowedRoles ?? [],
    anonRole: input.anonRole ?? null,
    rowFilters: input.rowFilters ?? [],
    updatedAt: now,
  });
}

// ---- JWKS ------------------------------------------------------------------------------------------------------

const JWKS_MAX_AGE_MS = 600_000;
const JWKS_MAX_BYTES = 256_000;
/**
 * Tunables (tests change them): an unknown `kid` fetches the set again at most every `refetchMinMs` per URL; a set is
 * kept at least `minAgeMs` whatever its `Cache-Control` says (a forged token never causes a fetch per request);
 * `failuresPerMinute` failed verifications per API and client address refuse further tokens (429) before verifying.
 */
export const jwksOptions = { refetchMinMs: 30_000, minAgeMs: 60_000, failuresPerMinute: 120 };

type TJwksEntry = {
  set: ReturnType<typeof createLocalJWKSet>;
  kids: Set<string>;
  fetchedAt: number;
  maxAgeMs: number;
};
const jwksCache = new Map<string, TJwksEntry>();
const inFlight = new Map<string, Promise<TJwksEntry>>();

/** `max-age` (or `s-maxage`) in ms, capped at 10 minutes; `no-store`/`no-cache`/none: 0 (fetched for each token). */
export function jwksMaxAge(cacheControl: string | undefined): number {
  const cc = (cacheControl ?? '').toLowerCase();
  if (/no-store|no-cache/.test(cc)) return 0;
  const age = /(?:^|[,\s])(?:s-maxage|max-age)\s*=\s*(\d+)/.exec(cc);
  return age ? Math.min(Number(age[1]) * 1000, JWKS_MAX_AGE_MS) : 0;
}

async function fetchJwks(url: string, allowPrivate: boolean): Promise<TJwksEntry> {
  let running = inFlight.get(url);
  if (!running) {
    running = (async () => {
      try {
        const res = await guardedFetch(url, { allowPrivate, maxBytes: JWKS_MAX_BYTES, timeoutMs: 5_000, accept: 'application/json' });
        if (res.status !== 200) throw new Error(`JWKS status ${res.status}`);
        const doc = JSON.parse(res.body.toString('utf8')) as JSONWebKeySet;
        if (!doc || !Array.isArray(doc.keys)) throw new Error('not a JWKS');
        const entry: TJwksEntry = {
          set: createLocalJWKSet(doc),
          kids: new Set(doc.keys.map((k) => String(k.kid ?? ''))),
          fetchedAt: performance.now(),
          maxAgeMs: Math.max(jwksMaxAge(res.cacheControl), jwksOptions.minAgeMs),
        };
        jwksCache.set(url, entry);
        if (jwksCache.size > 1_000) jwksCache.delete(jwksCache.keys().next().value!);
        return entry;
      } catch {
        throw new PgrstError(503, 'PGRST000', m.keysUnavailable);
      } finally {
        inFlight.delete(url);
      }
    })();
    inFlight.set(url, running);
  }
  return running;
}

/** The key set for a token's `kid`: the cached one while fresh and knowing the kid, otherwise fetched again. */
async function jwksFor(url: string, kid: string | undefined, allowPrivate: boolean): Promise<TJwksEntry> {
  const hit = jwksCache.get(url);
  const now = performance.now();
  if (hit && now - hit.fetchedAt < hit.maxAgeMs && (kid === undefined || hit.kids.has(kid))) return hit;
  // A kid unknown to a fresh set: fetched again (the issuer rotated its keys), but not more often than refetchMinMs.
  if (hit && now - hit.fetchedAt < hit.maxAgeMs && now - hit.fetchedAt < jwksOptions.refetchMinMs) return hit;
  return fetchJwks(url, allowPrivate);
}

/** Forget every fetched key set (tests). */
export const clearJwksCache = () => jwksCache.clear();

// ---- verification --------------------------------------------------------------------------------------------

const unauthorized = (code: string, message: string, description: string) =>
  new PgrstError(401, code, message, null, null, { 'www-authenticate': `Bearer error="invalid_token", error_description="${description}"` });

/** A bearer credential shaped like a JWS (three base64url parts): API keys (`sk_…`) never are. */
export const looksLikeJwt = (token: string) => /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token);

function claimAt(claims: Record<string, unknown>, path: string): unknown {
  let at: unknown = claims;
  for (const part of path.split('.').slice(1)) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** https, or http to a loopback host only where the API builder may reach private hosts (local development, tests). */
export function jwksUrlAllowed(url: string, allowPrivate: boolean): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol === 'https:') return true;
  return u.protocol === 'http:' && allowPrivate && /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(u.hostname);
}

/** The token's claims, or PostgREST's 401. `now`: the app's clock; `allowPrivate`: the API builder's private-hosts rule. */
export async function verifyToken(cfg: TEndUserConfig, token: string, now: Date, allowPrivate: boolean): Promise<JWTPayload> {
  if (cfg.mode === 'secret' ? !cfg.secret : !cfg.jwksUrl) throw new PgrstError(500, 'PGRST300', m.secretMissing);
  // A shared identity provider's JWKS (Firebase, Google) signs every project's tokens: aud or iss must pin this one.
  if (cfg.mode === 'jwks' && !cfg.audience && !cfg.issuer) throw new PgrstError(500, 'PGRST300', m.audienceOrIssuerMissing);
  if (cfg.mode === 'jwks' && !jwksUrlAllowed(cfg.jwksUrl!, allowPrivate)) throw new PgrstError(500, 'PGRST300', m.jwksInsecure);
  let header;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    throw unauthorized('PGRST301', m.invalid, 'JWT invalid');
  }
  const algorithms = cfg.mode === 'secret' ? ['HS256'] : ['RS256', 'ES256'];
  // alg "none", HS256 against a JWKS (the key-confusion trick), or anything else not configured.
  if (!header.alg || !algorithms.includes(header.alg)) throw unauthorized('PGRST301', m.algNotAllowed, 'JWT algorithm not allowed');
  const options = {
    algorithms,
    currentDate: now,
    requiredClaims: ['exp'],
    ...(cfg.audience ? { audience: cfg.audience } : {}),
    ...(cfg.issuer ? { issuer: cfg.issuer } : {}),
  };
  try {
    if (cfg.mode === 'secret') return (await jwtVerify(token, cfg.secret!, options)).payload;
    const entry = await jwksFor(cfg.jwksUrl!, header.kid, allowPrivate);
    return (await jwtVerify(token, entry.set, options)).payload;
  } catch (err) {
    if (err instanceof PgrstError) throw err;
    if (err instanceof joseErrors.JWTExpired) throw unauthorized('PGRST303', m.expired, 'JWT expired');
    if (err instanceof joseErrors.JWTClaimValidationFailed) {
      const which =
        err.claim === 'exp' ? m.expMissing : err.claim === 'aud' ? m.audience : err.claim === 'iss' ? m.issuer : err.claim === 'nbf' ? m.notYetValid : m.claims;
      throw unauthorized('PGRST303', which, `JWT claim ${err.claim} invalid`.replace(/[^\x20-\x7e]/g, ''));
    }
    if (err instanceof joseErrors.JWKSNoMatchingKey || err instanceof joseErrors.JWKSMultipleMatchingKeys)
      throw unauthorized('PGRST301', m.unknownKey, 'No suitable key or wrong key type');
    if (err instanceof joseErrors.JWSSignatureVerificationFailed) throw unauthorized('PGRST301', m.badSignature, 'JWSInvalidSignature');
    if (err instanceof joseErrors.JOSEAlgNotAllowed) throw unauthorized('PGRST301', m.algNotAllowed, 'JWT algorithm not allowed');
    throw unauthorized('PGRST301', m.invalid, 'JWT invalid');
  }
}

/** Who the token is: its role (PostgreSQL: from `roleClaim`, allowed by the owner; else the anonymous role). */
export function endUserOfClaims(cfg: TEndUserConfig, claims: Record<string, unknown>, engineKind: string): TEndUser {
  if (engineKind !== 'postgres') return { role: null, claims, anonymous: false };
  const raw = claimAt(claims, cfg.roleClaim);
  const role = typeof raw === 'string' && raw ? raw : cfg.anonRole;
  if (!role) throw unauthorized('PGRST303', m.noRole, 'JWT role claim missing');
  if (role !== cfg.anonRole && !cfg.allowedRoles.includes(role)) throw unauthorized('PGRST303', m.roleNotAllowed(role.slice(0, 63)), 'JWT role not allowed');
  return { role, claims, anonymous: false };
}

/** A request without a token: the anonymous role when one is configured, PGRST302 otherwise. */
export function anonymousUser(cfg: TEndUserConfig, engineKind: string): TEndUser {
  if (!cfg.anonRole) throw new PgrstError(401, 'PGRST302', m.anonymousDisabled, null, null, { 'www-authenticate': 'Bearer' });
  return { role: engineKind === 'postgres' ? cfg.anonRole : null, claims: engineKind === 'postgres' ? { role: cfg.anonRole } : {}, anonymous: true };
}

// ---- running as the end user (PostgreSQL) ---------------------------------------------------------------------

const LEGACY_CLAIM = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * `fn` with an engine whose every statement runs in one transaction as the end user: `set_config('role', …, true)`
 * (what PostgREST runs for SET LOCAL ROLE) and `request.jwt.claims`, plus `request.jwt.claim.<name>` for the
 * top-level claims with plain names. Without an end user, or on MySQL/MariaDB, `fn` gets the engine as it is.
 */
export async function asEndUser<T>(engine: TEngine, user: TEndUser | undefined, fn: (engine: TEngine) => Promise<T>): Promise<T> {
  if (!user?.role || engine.kind !== 'postgres') return fn(engine);
  const role = user.role;
  return engine.transaction(async (q) => {
    const names = ['role', 'request.jwt.claims'];
    const values: unknown[] = [role, JSON.stringify(user.claims)];
    for (const [k, v] of Object.entries(user.claims).slice(0, 30)) {
      if (!LEGACY_CLAIM.test(k)) continue;
      names.push(`request.jwt.claim.${k}`);
      values.push(typeof v === 'string' ? v : JSON.stringify(v));
    }
    const sets = names.map((n, i) => `set_config('${n}', $${i + 1}, true)`).join(', ');
    try {
      await q(`select ${sets}`, values);
    } catch (err) {
      const code = (err as { code?: string }).code;
      // 22023: no such role; 42501: not granted to the connection's user; 42704: undefined object.
      if (code === '22023' || code === '42501' || code === '42704') throw unauthorized('PGRST303', m.roleUnusable(role.slice(0, 63)), 'JWT role unusable');
      throw err;
    }
    // One connection: statements one after another (a page and its count are not run side by side here).
    let chain: Promise<unknown> = Promise.resolve();
    const serial = (text: string, params?: unknown[]): Promise<TQueryResult> => {
      const next = chain.then(() => q(text, params));
      chain = next.catch(() => undefined);
      return next;
    };
    const scoped: TEngine = { ...engine, query: serial, transaction: (inner) => inner(serial) };
    return fn(scoped);
  });
}

// ---- row filters ----------------------------------------------------------------------------------------------

/** The filters that apply to this user: table → column and the claim's value (a missing claim refuses the request). */
export function rowFiltersFor(cfg: TEndUserConfig | undefined, user: TEndUser | undefined): Map<string, { column: string; value: string }> {
  const out = new Map<string, { column: string; value: string }>();
  if (!cfg || !user) return out;
  for (const f of cfg.rowFilters) out.set(f.table, { column: f.column, value: claimValue(user, f.claim) });
  return out;
}

function claimValue(user: TEndUser, claim: string): string {
  const v = user.claims[claim];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : `\u0000missing:${claim}`;
}

const missingClaim = (value: string) => (value.startsWith('\u0000missing:') ? value.slice('\u0000missing:'.length) : undefined);

function assertClaim(value: string) {
  const claim = missingClaim(value);
  if (claim !== undefined) throw unauthorized('PGRST303', m.claimMissing(claim.slice(0, 64)), 'JWT claim missing');
}

/**
 * The prepared request with the row filters in: `column = value` ANDed into the root and every embedded table that
 * has one (reads, counts, updates and deletes all plan from these conditions). A new object: the prepared request
 * is remembered for every caller and must not change.
 */
export function withRowFilters(prepared: TPrepared, filters: Map<string, { column: string; value: string }>, method: string): TPrepared {
  if (!filters.size) return prepared;
  const touched = new Set<string>();
  const add = (plan: TPlan): TPlan => {
    const f = filters.get(plan.table.name);
    if (f) {
      assertClaim(f.value);
      touched.add(plan.table.name);
    }
    const cond: TFilter | undefined = f ? { kind: 'filter', column: f.column, op: 'eq', negated: false, value: f.value } : undefined;
    return {
      ...plan,
      options: cond ? { ...plan.options, where: [...plan.options.where, cond] } : plan.options,
      embeds: plan.embeds.map((e) => ({ ...e, plan: add(e.plan) })),
    };
  };
  if ((method === 'PATCH' || method === 'DELETE') && filters.has(prepared.table.name) && !prepared.plan.options.where.length) {
    throw new PgrstError(400, 'PGRST106', m.filterRequired);
  }
  const plan = add(prepared.plan);
  if (!touched.size) return prepared;
  const own = filters.get(prepared.table.name);
  // An insert that names its columns (`?columns=`) gets the filter column too: its value is forced below.
  const columns =
    own && prepared.parsed.columns && !prepared.parsed.columns.includes(own.column) ? [...prepared.parsed.columns, own.column] : prepared.parsed.columns;
  return { ...prepared, plan, parsed: { ...prepared.parsed, ...(columns ? { columns } : {}) } };
}

/** The body with the filter column set to the claim's value (insert and update): no row is written for someone else. */
export function forceRowFilter(
  table: TTableInfo,
  filters: Map<string, { column: string; value: string }>,
  body: unknown,
  method: string,
  prefer?: string,
): unknown {
  const f = filters.get(table.name);
  if (!f || (method !== 'POST' && method !== 'PATCH')) return body;
  assertClaim(f.value);
  // An upsert that updates an existing row could take over another user's row with the same key.
  if (method === 'POST' && /resolution\s*=\s*merge-duplicates/i.test(prefer ?? '')) throw new PgrstError(403, 'PGRST403', m.upsertRefused(table.name));
  const force = (row: unknown) => (row && typeof row === 'object' && !Array.isArray(row) ? { ...(row as object), [f.column]: f.value } : row);
  return Array.isArray(body) ? body.map(force) : force(body);
}

// ---- the request's credentials -----------------------------------------------------------------------------------

/** The rate limit of end users calling with a token alone, per API and subject (anonymous callers share one). */
export const END_USER_RATE_PER_MINUTE = 600;

type TScope = { id: string; rateLimitPerMinute: number; methods: string[] | null; tables: string[] | null; readPersonalData?: boolean | undefined };

/** `keyless`: the token alone authorised the request (no API key's usage to count). */
export type TEndUserCall = { user: TEndUser; filters: Map<string, { column: string; value: string }>; key: TScope; keyless: boolean };

/** `ip`: the client's address where the caller knows it (failed verifications are counted per API and address). */
type TCredentials = { apiId: string; authorization?: string | undefined; apikey?: string | undefined; ip?: string | undefined };

const FAIL_WINDOW_MS = 60_000;

/**
 * How a request's credentials combine (decision 090), when the API accepts end users:
 * - `Authorization: Bearer <JWT>` (a JWS-shaped token): the end user. With an `apikey` header too, that key must be
 *   one of the API's and its scope (methods, tables, personal data) applies; without, the token alone is enough and
 *   the API's published tables and methods are the scope (personal numbers masked), rate-limited per subject.
 * - No credentials at all: the anonymous role, when one is configured (PGRST302 otherwise).
 * - An API key alone (`Authorization: Bearer sk_…` or `apikey`): unchanged, the key's rights as before, no role switch.
 * Returns undefined when the request is an API key's (or the API does not accept end users).
 */
export async function endUserCall(
  deps: {
    runtime: { live: (id: string) => Promise<{ endUser?: TEndUserConfig | undefined; connection: { engine: string } } | undefined> };
    config: { apiBuilder: { allowPrivateHosts: boolean } };
    ctx: { now: () => Date };
    state: { hit: (key: string, windowMs: number) => Promise<{ count: number }>; peek: (key: string) => Promise<{ count: number }> };
  },
  call: TCredentials,
  bearer: string | undefined,
  authenticate: (apiId: string, call: { apikey: string }) => Promise<TScope>,
): Promise<TEndUserCall | undefined> {
  const jwt = bearer && looksLikeJwt(bearer) ? bearer : undefined;
  const apikey = call.apikey?.trim() || undefined;
  if (!jwt && (bearer || apikey)) return undefined;
  const live = await deps.runtime.live(call.apiId);
  const cfg = live?.endUser;
  if (!live || !cfg?.enabled) return undefined;
  const engine = live.connection.engine;
  let user: TEndUser;
  if (jwt) {
    // Forged tokens cost a signature check (and maybe a JWKS fetch): past the limit, refused before any of it.
    const failKey = `ab:jwtfail:${call.apiId}:${call.ip ?? '-'}`;
    if ((await deps.state.peek(failKey)).count >= jwksOptions.failuresPerMinute) throw new PgrstError(429, 'PGRST429', m.tooManyFailures);
    let claims: JWTPayload;
    try {
      claims = await verifyToken(cfg, jwt, deps.ctx.now(), deps.config.apiBuilder.allowPrivateHosts);
    } catch (err) {
      if (err instanceof PgrstError && (err.status === 401 || err.status === 503)) await deps.state.hit(failKey, FAIL_WINDOW_MS);
      throw err;
    }
    user = endUserOfClaims(cfg, claims as Record<string, unknown>, engine);
  } else user = anonymousUser(cfg, engine);
  const filters = rowFiltersFor(cfg, user);
  if (jwt && apikey) return { user, filters, key: await authenticate(call.apiId, { apikey }), keyless: false };
  // Anonymous callers: one subject per client address where known (one client does not use up everyone's limit).
  const subject = user.anonymous ? `anon:${call.ip ?? '-'}` : typeof user.claims.sub === 'string' ? user.claims.sub.slice(0, 200) : 'token';
  const key = { id: `eu:${call.apiId}:${subject}`, rateLimitPerMinute: END_USER_RATE_PER_MINUTE, methods: null, tables: null, readPersonalData: false };
  return { user, filters, key, keyless: true };
}
