/**
 * Seed owners' requests about their customers (issue 32, decision 067): under PIPA the seed is the controller of its
 * customers' data, so its owner answers a customer's request to see (export) or delete (erase) it. The customer is
 * named by e-mail, chatbot visitor id or Slack user id, always within this seed (seed-subject.ts).
 *
 * export: the rows found are counted per table now (the receipt), and the ZIP is built on the job runner
 *   (export.service.ts requestExport); the owner who asked gets the link by mail; the request is done once the file is.
 * erase: the data map's erase rules (erasure.service.ts) in one transaction with the receipt (rows per table label).
 * Nothing found at all → 404, nothing stored. Every request is an access record (lib/access-log.ts).
 */
import type { TSeedPrivacyReceipt, TSeedPrivacyRequestInput } from '@suite/shared/schemas/privacy';
import { AppError } from '../../lib/app-error.ts';
import { createRateLimiter } from '../../plugins/rate-limit.ts';
import { ACCESS, recordAccess, type TAccessRecord } from '../../lib/access-log.ts';
import { DATA_MAP } from './data-map.ts';
import { eraseSubject } from './erasure.service.ts';
import { downloadPath, requestExport } from './export.service.ts';
import type { TPrivacyDeps } from './privacy.deps.ts';
import * as repo from './seed-requests.repository.ts';
import { hashSubject, maskSubject, seedSubject } from './seed-subject.ts';
import type { TSubject } from './subjects.repository.ts';

export type TSeedActor = Pick<TAccessRecord, 'actorId' | 'actorEmail' | 'ip'> & { actorId: string };

/** Rows of the subject per table label, over every table the data map links to this kind of subject. */
async function foundRows(deps: TPrivacyDeps, subject: TSubject): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const entry of DATA_MAP) {
    const n = await repo.countSubjectRows(deps.db, entry, subject);
    if (n) found[entry.label] = (found[entry.label] ?? 0) + n;
  }
  return found;
}

/** Requests (export and erase, found or not) a seed may make per day: each one scans every table the map links. */
const SEED_REQUEST_DAILY_LIMIT = 30;

/**
 * A request: at most SEED_REQUEST_DAILY_LIMIT a day per seed (429, counted before anything is read, so a seed cannot
 * probe for customers beyond it), and one export per customer at a time (409 while its file is being built).
 */
export async function createSeedRequest(deps: TPrivacyDeps, actor: TSeedActor, seedId: string, input: TSeedPrivacyRequestInput): Promise<TSeedPrivacyReceipt> {
  const s = seedSubject(seedId, input.subject);
  const masked = maskSubject(s.kind, s.value);
  const subjectHash = hashSubject(deps.ctx.config.authSecret, seedId, s.kind, s.value);
  const limiter = createRateLimiter(deps.ctx.state);
  await limiter.consume(`privacy-request:seed:${seedId}`, { max: SEED_REQUEST_DAILY_LIMIT, windowMs: 24 * 60 * 60_000 }, 'PRIVACY_REQUEST_LIMIT');
  if (input.kind === 'export' && (await repo.exportInProgress(deps.db, seedId, subjectHash))) throw new AppError('PRIVACY_REQUEST_BUSY');
  const found = await foundRows(deps, s.subject);
  await recordAccess(deps.db, {
    ...actor,
    scope: 'seed',
    seedId,
    action: ACCESS.privacyRequest,
    subject: `${input.kind} ${s.kind} ${masked}`,
    reason: input.reason ?? null,
  });
  if (!Object.keys(found).length) throw new AppError('PRIVACY_SUBJECT_NOT_FOUND');
  const row = await deps.db.transaction(async (tx) => {
    // Checked again under the customer's lock: two requests at once make one export.
    await repo.lockSubject(tx, seedId, subjectHash);
    if (input.kind === 'export' && (await repo.exportInProgress(tx, seedId, subjectHash))) throw new AppError('PRIVACY_REQUEST_BUSY');
    const v = { seedId, requestedBy: actor.actorId, kind: input.kind, subjectKind: s.kind, subjectMasked: masked, subjectHash, createdAt: deps.now() };
    return repo.insertRequest(tx, v);
  });
  if (input.kind === 'export') await startExport(deps, actor.actorId, row.id, s.subject, found);
  else await erase(deps, row.id, s.subject);
  return seedRequest(deps, seedId, row.id);
}

async function startExport(deps: TPrivacyDeps, askedBy: string, id: string, subject: TSubject, found: Record<string, number>) {
  try {
    const { id: exportId } = await requestExport(deps, askedBy, subject, id);
    await deps.db.transaction(async (tx) => {
      await repo.setExportId(tx, id, exportId);
      await repo.setReceipt(tx, id, found);
    });
  } catch (err) {
    await repo.deleteRequest(deps.db, id);
    throw err;
  }
}

async function erase(deps: TPrivacyDeps, id: string, subject: TSubject) {
  try {
    // The erasure and the receipt commit together (eraseSubject's own transaction becomes a savepoint).
    await deps.db.transaction(async (tx) => {
      // Every table's rows are found before any is deleted, so a customer known by e-mail loses the conversations and
      // messages their tickets reach too (erasure.service.ts).
      const receipt = await eraseSubject({ ...deps, db: tx as unknown as TPrivacyDeps['db'] }, subject);
      await repo.finishRequest(tx, id, { status: 'done', completedAt: deps.now(), receipt });
    });
  } catch (err) {
    deps.log.error({ err, requestId: id }, 'privacy: a seed erase request failed');
    await repo.finishRequest(deps.db, id, { status: 'failed', completedAt: deps.now() });
    throw new AppError('PRIVACY_REQUEST_FAILED');
  }
}

/**
 * An export request ends with its file: ready (or already expired) → done, failed → failed; a file row that is gone
 * (purged) before anyone saw it ready → failed, as nothing can show it was made. Persisted once seen.
 */
async function settle(deps: TPrivacyDeps, r: repo.TRequestWithExport): Promise<repo.TRequestWithExport> {
  const { request: req, export: file } = r;
  if (req.kind !== 'export' || req.status !== 'pending' || !req.exportId || file?.status === 'pending') return r;
  const status = !file || file.status === 'failed' ? 'failed' : 'done';
  const completedAt = file?.readyAt ?? deps.now();
  await repo.finishRequest(deps.db, req.id, { status, completedAt });
  return { ...r, request: { ...req, status, completedAt } };
}

function toReceipt(deps: TPrivacyDeps, { request: r, export: file }: repo.TRequestWithExport): TSeedPrivacyReceipt {
  const lapsed = file?.status === 'ready' && file.expiresAt !== null && file.expiresAt.getTime() <= deps.now().getTime();
  const exportStatus = file ? ((lapsed ? 'expired' : file.status) as TSeedPrivacyReceipt['exportStatus']) : null;
  return {
    id: r.id,
    kind: r.kind as TSeedPrivacyReceipt['kind'],
    subjectKind: r.subjectKind as TSeedPrivacyReceipt['subjectKind'],
    subjectMasked: r.subjectMasked,
    status: r.status as TSeedPrivacyReceipt['status'],
    receipt: r.receipt,
    exportId: r.exportId,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
    exportStatus,
    exportUrl: exportStatus === 'ready' && r.exportId ? downloadPath(deps, r.exportId) : null,
    exportExpiresAt: file?.expiresAt?.toISOString() ?? null,
  };
}

export async function listSeedRequests(deps: TPrivacyDeps, seedId: string): Promise<TSeedPrivacyReceipt[]> {
  const rows = await repo.listRequests(deps.db, seedId);
  return Promise.all(rows.map(async (r) => toReceipt(deps, await settle(deps, r))));
}

export async function seedRequest(deps: TPrivacyDeps, seedId: string, id: string): Promise<TSeedPrivacyReceipt> {
  const row = await repo.findRequest(deps.db, seedId, id);
  if (!row) throw new AppError('PRIVACY_REQUEST_NOT_FOUND');
  return toReceipt(deps, await settle(deps, row));
}
