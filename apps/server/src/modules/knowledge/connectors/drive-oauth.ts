/**
 * Connecting Google Drive (decision 089): the calendar connection's OAuth pattern and helpers (calendar-sync's code
 * exchange and browser-bound nonce cookie) with the Drive read-only scope. The state (10 minutes, single use) is kept in
 * the shared state with the member, the workspace and the nonce's hash; the refresh token is sealed.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ko } from '@suite/shared';
import { AppError } from '../../../lib/app-error.ts';
import { sha256 } from '../../../lib/tokens.ts';
import type { TSharedState } from '../../../state/shared-state.ts';
import { exchangeCode, googleConsentUrl, STATE_TTL_MS } from '../../calendar-sync/connections.service.ts';
import { connectDrive, syncConnection, type TConnectorDeps } from './connectors.service.ts';
import { DRIVE_SCOPES } from './drive-client.ts';

export const DRIVE_CALLBACK_PATH = '/api/knowledge-connectors/google/callback';
export const DRIVE_COOKIE_PATH = '/api/knowledge-connectors';
export { STATE_TTL_MS };

type TStored = { userId: string; workspaceId: string; seedId: string; nonceHash: string };
const key = (state: string) => `drive-oauth:${sha256(state)}`;
export const driveAvailable = (deps: TConnectorDeps) => Boolean(deps.config.google.clientId && deps.config.google.clientSecret);
const redirectUri = (deps: TConnectorDeps) => `${deps.config.appUrl}${DRIVE_CALLBACK_PATH}`;

export async function startDrive(deps: TConnectorDeps, state: TSharedState, ws: { id: string; seedId: string }, userId: string, nonce: string) {
  if (!driveAvailable(deps)) throw new AppError('SERVICE_UNAVAILABLE', ko.connectors.server.driveNotConfigured);
  const s = randomBytes(24).toString('base64url');
  const stored: TStored = { userId, workspaceId: ws.id, seedId: ws.seedId, nonceHash: sha256(nonce) };
  await state.setValue(key(s), JSON.stringify(stored), STATE_TTL_MS);
  return googleConsentUrl(deps.config.google, redirectUri(deps), DRIVE_SCOPES, s);
}

function parse(value: string | null | undefined): TStored | undefined {
  try {
    const v = JSON.parse(value ?? '') as Partial<TStored>;
    return typeof v.userId === 'string' && typeof v.workspaceId === 'string' && typeof v.seedId === 'string' && typeof v.nonceHash === 'string'
      ? (v as TStored)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The callback: 'connected' | 'denied' | 'failed'; only in the browser that started (its cookie nonce), once. */
export async function finishDrive(
  deps: TConnectorDeps,
  state: TSharedState,
  q: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  nonce: string | undefined,
) {
  if (!q.state || !driveAvailable(deps)) return 'failed' as const;
  const stored = parse(await state.getValue(key(q.state)));
  if (!stored || !nonce) return 'failed' as const;
  const given = Buffer.from(sha256(nonce));
  const expected = Buffer.from(stored.nonceHash);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'failed' as const;
  if (!(await state.claim(`${key(q.state)}:used`, STATE_TTL_MS))) return 'failed' as const;
  if (q.error) return q.error === 'access_denied' ? ('denied' as const) : ('failed' as const);
  if (!q.code) return 'failed' as const;
  try {
    const tokens = await exchangeCode(deps.config.google, q.code, redirectUri(deps));
    if (!tokens.refreshToken) return 'failed' as const;
    const row = await connectDrive(
      deps,
      { id: stored.workspaceId, seedId: stored.seedId },
      stored.userId,
      tokens.refreshToken,
      (tokens.email ?? '').toLowerCase(),
    );
    await syncConnection(deps, row.id);
    return 'connected' as const;
  } catch (err) {
    deps.log.warn({ err: (err as Error).message }, 'drive connector: token exchange failed');
    return 'failed' as const;
  }
}
