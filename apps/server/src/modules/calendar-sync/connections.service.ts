/**
 * A member's calendar connections. Google: the authorization-code flow with a single-use state (its hash in the
 * shared state for 10 minutes, bound to the member and to the browser's cookie nonce), scope calendar.events, offline access; the refresh token is
 * sealed with ENCRYPTION_KEY. CalDAV: server URL, user name and app password (sealed); the calendar found by
 * discovery or given directly, checked before it is saved. Secrets never leave the server.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ko } from '@suite/shared';
import type { TCalDavConnectInput, TCalendarConnection } from '@suite/shared/schemas/calendar-sync';
import { AppError } from '../../lib/app-error.ts';
import { OutboundGuardError } from '../../lib/outbound-guard.ts';
import { encryptSecret } from '../../lib/secret-box.ts';
import { sha256 } from '../../lib/tokens.ts';
import { memberSeed } from '../rooms/bookings.service.ts';
import { roomsOfSeed } from '../rooms/calendar.service.ts';
import { CalendarHttpError } from './calendar-client.ts';
import { checkCalendar, discoverCalendar } from './caldav-calendar.ts';
import { roomAddress, type TCalendarSyncDeps } from './calendar-sync.deps.ts';
import * as repo from './calendar-sync.repository.ts';
import { exchangeCode, GOOGLE_SCOPES, primaryCalendarId } from './google-calendar.ts';

const s = ko.calendarSync.server;
export const STATE_TTL_MS = 10 * 60_000;
// Google OAuth helpers the Drive knowledge connector reuses (decision 089): code exchange and the browser-bound nonce.
export { exchangeCode } from './google-calendar.ts';
export { clearNonceCookie, newNonce, readNonce, setNonceCookie } from './oauth-cookie.ts';
const stateKey = (state: string) => `calendar-oauth:${sha256(state)}`;

export const googleRedirectUri = (deps: TCalendarSyncDeps) => `${deps.config.appUrl}/api/calendar-sync/google/callback`;
export const googleAvailable = (deps: TCalendarSyncDeps) => Boolean(deps.config.google.clientId && deps.config.google.clientSecret);

function toApi(row: repo.TConnectionRow): TCalendarConnection {
  return {
    id: row.id,
    provider: row.provider as TCalendarConnection['provider'],
    accountEmail: row.accountEmail,
    calendarUrl: row.provider === 'caldav' ? row.calendarUrl : '',
    status: row.lastError ? 'error' : 'active',
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listConnections(deps: TCalendarSyncDeps, userId: string): Promise<TCalendarConnection[]> {
  return (await repo.listConnections(deps.db, userId)).map(toApi);
}

/**
 * The consent address, and the nonce for this browser's cookie (oauth-cookie.ts): the state is kept with the member
 * and the nonce's hash, so the callback completes only in the browser that started the flow.
 */
export async function startGoogle(deps: TCalendarSyncDeps, userId: string, nonce: string): Promise<string> {
  if (!googleAvailable(deps)) throw new AppError('SERVICE_UNAVAILABLE', s.googleNotConfigured);
  const state = randomBytes(24).toString('base64url');
  const stored: TStoredState = { userId, nonceHash: sha256(nonce) };
  await deps.state.setValue(stateKey(state), JSON.stringify(stored), STATE_TTL_MS);
  return googleConsentUrl(deps.config.google, googleRedirectUri(deps), GOOGLE_SCOPES, state);
}

/** Google's consent address for offline access (a refresh token) with these scopes; calendar and Drive both use it. */
export function googleConsentUrl(
  google: { oauthUrl: string; clientId: string | undefined },
  redirectUri: string,
  scopes: readonly string[],
  state: string,
): string {
  const url = new URL(`${google.oauthUrl}/v2/auth`);
  url.searchParams.set('client_id', google.clientId!);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', scopes.join(' '));
  url.searchParams.set('access_type', 'offline');
  url.searchParams.set('prompt', 'consent');
  url.searchParams.set('state', state);
  return url.toString();
}

type TStoredState = { userId: string; nonceHash: string };

function parseState(value: string | null | undefined): TStoredState | undefined {
  if (!value) return undefined;
  try {
    const v = JSON.parse(value) as Partial<TStoredState>;
    return typeof v.userId === 'string' && typeof v.nonceHash === 'string' ? { userId: v.userId, nonceHash: v.nonceHash } : undefined;
  } catch {
    return undefined;
  }
}

/** The browser's cookie nonce against the hash kept with the state (constant time). */
function sameBrowser(stored: TStoredState, nonce: string | undefined): boolean {
  if (!nonce) return false;
  const given = Buffer.from(sha256(nonce));
  const expected = Buffer.from(stored.nonceHash);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The OAuth callback: 'connected', 'denied' or 'failed' (the console shows the matching text). `nonce` is the cookie
 * of the browser that came back: another browser (an address sent to someone else) fails and claims nothing.
 */
export async function finishGoogle(
  deps: TCalendarSyncDeps,
  q: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  nonce: string | undefined,
) {
  if (!q.state || !googleAvailable(deps)) return 'failed' as const;
  const key = stateKey(q.state);
  const stored = parseState(await deps.state.getValue(key));
  if (!stored || !sameBrowser(stored, nonce)) return 'failed' as const;
  const userId = stored.userId;
  // Single use: the first caller claims it; a replay finds it claimed.
  if (!(await deps.state.claim(`${key}:used`, STATE_TTL_MS))) return 'failed' as const;
  if (q.error) return q.error === 'access_denied' ? ('denied' as const) : ('failed' as const);
  if (!q.code) return 'failed' as const;
  try {
    const tokens = await exchangeCode(deps.config.google, q.code, googleRedirectUri(deps));
    if (!tokens.refreshToken) return 'failed' as const;
    const accountEmail = tokens.email ?? (await primaryCalendarId(deps.config.google, tokens.accessToken));
    await repo.upsertConnection(deps.db, {
      userId,
      provider: 'google',
      accountEmail: accountEmail.toLowerCase(),
      calendarUrl: 'primary',
      secretEnc: encryptSecret(deps.config.encryptionKey, tokens.refreshToken),
    });
    return 'connected' as const;
  } catch (err) {
    deps.log.warn({ err: (err as Error).message }, 'calendar sync: google token exchange failed');
    return 'failed' as const;
  }
}

function caldavError(err: unknown): AppError {
  if (err instanceof OutboundGuardError) return new AppError('VALIDATION_FAILED', err.reason === 'private-address' ? s.caldavBlocked : s.caldavUnreachable);
  if (err instanceof CalendarHttpError) {
    if (err.status === 401 || err.status === 403) return new AppError('VALIDATION_FAILED', s.caldavAuth);
    if (err.status === 404) return new AppError('VALIDATION_FAILED', s.caldavNotFound);
  }
  return new AppError('VALIDATION_FAILED', s.caldavUnreachable);
}

export async function connectCalDav(deps: TCalendarSyncDeps, userId: string, input: TCalDavConnectInput): Promise<TCalendarConnection> {
  const auth = { username: input.username, password: input.password, allowPrivate: deps.config.allowPrivateUrls };
  let calendarUrl = input.calendarUrl;
  let accountEmail = input.username.includes('@') ? input.username.toLowerCase() : '';
  try {
    if (calendarUrl) await checkCalendar(calendarUrl, auth);
    else {
      const found = await discoverCalendar(input.serverUrl, auth);
      calendarUrl = found.calendarUrl;
      accountEmail = found.emails[0] ?? accountEmail;
    }
  } catch (err) {
    throw caldavError(err);
  }
  const row = await repo.upsertConnection(deps.db, {
    userId,
    provider: 'caldav',
    accountEmail,
    serverUrl: input.serverUrl,
    calendarUrl,
    username: input.username,
    secretEnc: encryptSecret(deps.config.encryptionKey, input.password),
  });
  return toApi(row);
}

export async function disconnect(deps: TCalendarSyncDeps, userId: string, connectionId: string): Promise<void> {
  if (!(await repo.deleteConnection(deps.db, userId, connectionId))) throw new AppError('NOT_FOUND', s.notFound);
}

export async function ownConnection(deps: TCalendarSyncDeps, userId: string, connectionId: string) {
  const row = await repo.findConnection(deps.db, connectionId);
  if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', s.notFound);
  return row;
}

/** The calendar addresses of a seed's rooms (members only), to invite from Google or CalDAV. */
export async function roomAddresses(deps: TCalendarSyncDeps, user: { id: string }, seedId: string) {
  await memberSeed(deps.rooms, seedId, user.id);
  return (await roomsOfSeed(deps.db, seedId)).map((r) => ({ roomId: r.id, name: r.name, address: roomAddress(deps.config, r.id) }));
}
