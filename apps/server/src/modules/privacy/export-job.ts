/**
 * The job `privacy.export` (builds one ZIP, marks it ready, mails the link) and the schedule `privacy.expire-exports`
 * (files past expiry deleted, rows expired). Export files live in deps.exportDir as <id>.zip.
 */
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ko } from '@suite/shared';
import { deliver, findUserById } from '../auth/auth.service.ts';
import { DATA_MAP } from './data-map.ts';
import { buildZip, type TExportTable } from './export-zip.ts';
import { EXPORT_KIND, EXPORT_TTL_MS, downloadPath, linkToken, tokenHash } from './export.service.ts';
import * as repo from './export.repository.ts';
import type { TPrivacyDeps } from './privacy.deps.ts';
import { subjectClauses, type TSubject } from './subjects.repository.ts';
import type { TTableMap } from './data-map.types.ts';
import { foundRows, type TFoundRow } from './export-rows.repository.ts';
import { ownAddresses, redactRows } from './export-redact.ts';
import { exportMail } from './export-mail.ts';
import { exportSubject } from './export-subject.ts';

const MAX_ATTEMPTS = 3;
/** File age (by the file system's clock) before a file without a ready row is removed. */
const ORPHAN_AGE_MS = 60 * 60_000;
const FILE_NAME = /^([0-9a-f-]{36})\.zip(?:\.partial)?$/;

function subjectLabel(s: TSubject): string {
  if (s.kind === 'user') return s.email;
  if (s.kind === 'seedEmail') return s.email;
  if (s.kind === 'chatbotVisitor') return `챗봇 방문자 ${s.visitorId}`;
  return `Slack 사용자 ${s.slackUserId}`;
}

/**
 * Every mapped table that links this kind of subject, with the subject's rows as the export shows them: rows that only
 * mention the subject projected, other people's addresses masked (export-redact.ts).
 */
export async function collectTables(deps: TPrivacyDeps, subject: TSubject): Promise<TExportTable[]> {
  const found: { entry: TTableMap; rows: TFoundRow[] }[] = [];
  for (const entry of DATA_MAP) {
    if (!subjectClauses(entry, subject).length) continue;
    found.push({ entry, rows: await foundRows(deps.db, entry, subject) });
  }
  const own = ownAddresses('email' in subject ? subject.email : null, found);
  return found.map(({ entry, rows }) => ({ entry, rows: redactRows(entry, rows, own) }));
}

/**
 * Builds, stores and announces one export; returns false when the row is gone or no longer pending, or its person is.
 * `payload`: the job's (export-subject.ts says whose data it is).
 */
export async function runExport(deps: TPrivacyDeps, exportId: string, payload: Record<string, unknown>): Promise<boolean> {
  const row = await repo.findExport(deps.db, exportId);
  if (!row || row.status !== 'pending') return false;
  const subject = await exportSubject(deps, row, payload);
  if (!subject) return false;
  const at = deps.now();
  const { bytes, counts } = buildZip(subjectLabel(subject), at, await collectTables(deps, subject));
  await mkdir(deps.exportDir, { recursive: true, mode: 0o700 });
  const fileName = `${exportId}.zip`;
  const partial = join(deps.exportDir, `${fileName}.partial`);
  await writeFile(partial, bytes, { mode: 0o600 });
  await rename(partial, join(deps.exportDir, fileName));
  const expiresAt = new Date(at.getTime() + EXPORT_TTL_MS);
  await repo.markReady(deps.db, exportId, {
    fileName,
    sizeBytes: bytes.byteLength,
    tokenHash: tokenHash(linkToken(deps, exportId)),
    rows: counts,
    readyAt: at,
    expiresAt,
  });
  const owner = await findUserById(deps.db, row.userId);
  if (owner) {
    // A seed owner's export of a customer leads back to the owner's request page, not to their own settings.
    const kind = row.requestId ? 'seedRequest' : 'own';
    const mail = exportMail(owner.email, owner.fullName, expiresAt, kind, deps.ctx.config.appUrl, downloadPath(deps, exportId));
    await deliver(deps.auth, mail).catch((err: unknown) => deps.log.error({ err, exportId }, 'privacy: export mail not sent'));
  }
  return true;
}

export function registerExportJobs(deps: TPrivacyDeps): void {
  deps.jobs.register(EXPORT_KIND, async (payload, job) => {
    const exportId = String(payload.exportId);
    try {
      await runExport(deps, exportId, payload);
    } catch (err) {
      if (job.attempts < MAX_ATTEMPTS) throw err;
      deps.log.error({ err, exportId }, 'privacy: export failed');
      await repo.markFailed(deps.db, exportId, ko.privacy.export.failed);
    }
  });
  deps.jobs.every('privacy.expire-exports', () => expireExports(deps));
}

/**
 * Deletes the files of exports past expiry and marks them expired; pending ones older than a day are failed. Files
 * without a ready row (the account was erased, the row deleted with it; a build that died) go too, once an hour old,
 * so a file being written is never taken.
 */
export async function expireExports(deps: TPrivacyDeps): Promise<number> {
  const now = deps.now();
  const expired = await repo.expireDue(deps.db, now);
  for (const e of expired) if (e.fileName) await rm(join(deps.exportDir, e.fileName), { force: true });
  await repo.failStale(deps.db, new Date(now.getTime() - EXPORT_TTL_MS), ko.privacy.export.failed);
  // eslint-disable-next-line no-restricted-syntax -- file mtimes are on the system clock, not the app's (tests move that one)
  await removeOrphans(deps, Date.now() - ORPHAN_AGE_MS);
  return expired.length;
}

async function removeOrphans(deps: TPrivacyDeps, before: number): Promise<void> {
  const names = await readdir(deps.exportDir).catch(() => [] as string[]);
  const files = names.map((name) => ({ name, id: FILE_NAME.exec(name)?.[1] })).filter((f): f is { name: string; id: string } => Boolean(f.id));
  const keep = await repo.readyIds(
    deps.db,
    files.map((f) => f.id),
  );
  for (const f of files) {
    if (keep.has(f.id)) continue;
    const path = join(deps.exportDir, f.name);
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs < before) await rm(path, { force: true });
  }
}
