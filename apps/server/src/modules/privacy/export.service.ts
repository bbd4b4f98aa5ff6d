/**
 * Download my data (issue 32): a person asks for their data (POST /api/me/export), the job runner builds a ZIP
 * (export-job.ts), the person gets a mail with a link valid 24 hours after the file is ready. A seed owner's request
 * about a customer (seed-requests) uses `requestExport` with that customer as the subject.
 *
 * The link is a capability: /api/me/export/<id>/download?token=<t>, where t = HMAC(AUTH_SECRET, id) and only
 * sha256(t) is stored (decision 064). Deriving t from the id lets the status answer give the owner the same link the
 * mail carries without keeping the token itself.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ReadStream } from 'node:fs';
import type { TExportStatus } from '@suite/shared/schemas/privacy';
import type { TTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createRateLimiter } from '../../plugins/rate-limit.ts';
import { exportPayload } from './export-subject.ts';
import type { TPrivacyDeps } from './privacy.deps.ts';
import type { TSubject } from './subjects.repository.ts';
import * as repo from './export.repository.ts';

export const EXPORT_KIND = 'privacy.export';
export const EXPORT_TTL_MS = 24 * 60 * 60_000;
/** Self-service exports a person may ask for per day (each reads every table the map links to them). */
export const EXPORT_DAILY_LIMIT = 5;
const LIST_LIMIT = 20;

/** The link token of an export (never stored; its hash is). */
export function linkToken(deps: Pick<TPrivacyDeps, 'ctx'>, id: string): string {
  return createHmac('sha256', deps.ctx.config.authSecret).update(`privacy-export:${id}`).digest('base64url');
}
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The download path (relative, for the web client); the mail puts APP_URL in front. */
export const downloadPath = (deps: Pick<TPrivacyDeps, 'ctx'>, id: string) => `/api/me/export/${id}/download?token=${linkToken(deps, id)}`;

/**
 * Inserts an export of `subject`'s data (the mail goes to `askedBy`) and enqueues its job, in one transaction.
 * Kept with this signature for the seed owners' requests (seed-requests.service.ts).
 */
export async function requestExport(deps: TPrivacyDeps, askedBy: string, subject: TSubject, requestId: string | null): Promise<{ id: string }> {
  const id = await deps.db.transaction(async (tx) => insertWithJob(deps, tx, askedBy, subject, requestId));
  return { id };
}

async function insertWithJob(deps: TPrivacyDeps, tx: TTransaction, askedBy: string, subject: TSubject, requestId: string | null) {
  const now = deps.now();
  const id = await repo.insertExport(tx, askedBy, requestId, now);
  // The payload names no one in clear (export-subject.ts).
  const payload = exportPayload(deps, id, askedBy, subject);
  await deps.jobs.enqueue(tx, { kind: EXPORT_KIND, key: `privacy-export:${id}`, payload, runAt: now, maxAttempts: 3 });
  return id;
}

/** POST /api/me/export: one in progress per person (409), at most EXPORT_DAILY_LIMIT a day (429). */
export async function startOwnExport(deps: TPrivacyDeps, user: { id: string; email: string }): Promise<{ id: string }> {
  const limiter = createRateLimiter(deps.ctx.state);
  const id = await deps.db.transaction(async (tx) => {
    await repo.lockPerson(tx, user.id);
    if (await repo.findPending(tx, user.id)) throw new AppError('PRIVACY_EXPORT_BUSY');
    await limiter.consume(`privacy-export:user:${user.id}`, { max: EXPORT_DAILY_LIMIT, windowMs: 24 * 60 * 60_000 }, 'PRIVACY_EXPORT_LIMIT');
    return insertWithJob(deps, tx, user.id, { kind: 'user', userId: user.id, email: user.email.toLowerCase() }, null);
  });
  return { id };
}

/** The answer for one row: `expired` once past expiry even before the hourly schedule marks it; `url` only when ready. */
export function toStatus(deps: TPrivacyDeps, row: repo.TExportRow): TExportStatus {
  const lapsed = row.status === 'ready' && row.expiresAt !== null && row.expiresAt.getTime() <= deps.now().getTime();
  const status = (lapsed ? 'expired' : row.status) as TExportStatus['status'];
  return {
    id: row.id,
    status,
    ...(status === 'ready' ? { url: downloadPath(deps, row.id) } : {}),
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes ?? null,
  };
}

/** GET /api/me/export/{id}: only the person's own exports (another's is 404, as a missing one). */
export async function ownExportStatus(deps: TPrivacyDeps, userId: string, id: string): Promise<TExportStatus> {
  const row = await repo.findExport(deps.db, id);
  if (!row || row.userId !== userId) throw new AppError('PRIVACY_EXPORT_NOT_FOUND');
  return toStatus(deps, row);
}

export async function listOwnExports(deps: TPrivacyDeps, userId: string): Promise<TExportStatus[]> {
  return (await repo.listExports(deps.db, userId, LIST_LIMIT)).map((r) => toStatus(deps, r));
}

/** The ZIP behind a link: a wrong token is 404, an expired link 410, a file not yet built 409. */
export async function openDownload(deps: TPrivacyDeps, id: string, token: string): Promise<{ stream: ReadStream; size: number; fileName: string }> {
  const row = await repo.findExport(deps.db, id);
  const given = Buffer.from(tokenHash(token));
  if (!row?.tokenHash || given.length !== row.tokenHash.length || !timingSafeEqual(given, Buffer.from(row.tokenHash))) {
    throw new AppError('PRIVACY_EXPORT_LINK_INVALID');
  }
  if (row.status === 'expired' || (row.expiresAt && row.expiresAt.getTime() <= deps.now().getTime())) throw new AppError('PRIVACY_EXPORT_EXPIRED');
  if (row.status !== 'ready' || !row.fileName) throw new AppError('PRIVACY_EXPORT_NOT_READY');
  const path = join(deps.exportDir, row.fileName);
  if (!existsSync(path)) throw new AppError('PRIVACY_EXPORT_EXPIRED');
  const day = (row.readyAt ?? row.createdAt).toISOString().slice(0, 10);
  return { stream: createReadStream(path), size: row.sizeBytes ?? 0, fileName: `my-data-${day}.zip` };
}
