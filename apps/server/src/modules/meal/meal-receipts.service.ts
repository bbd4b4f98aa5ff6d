/**
 * Receipts of a round (issue 38): a photo or a PDF, checked by its magic bytes (not the declared type), photos
 * re-encoded with sharp (rotated by EXIF, every metadata block dropped — GPS too —, at most 2400 px, JPEG), PDFs kept
 * as they are. At most MEAL_RECEIPT_MAX per round. The size limit is the route's body limit (deps.receiptMaxBytes).
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { ko } from '@suite/shared';
import { MEAL_RECEIPT_MAX, type TMealReceipt, type TMealReceiptRounds } from '@suite/shared/schemas/meal-outings';
import { AppError } from '../../lib/app-error.ts';
import { seedFor } from '../seeds/seeds.service.ts';
import { publishMeal, type TMealDeps } from './meal.deps.ts';
import * as repo from './meal.repository.ts';
import * as outings from './meal-outings.repository.ts';
import { isManagerRole } from './meal-outings.service.ts';
import { billOf, type TActor } from './meal.service.ts';

const m = ko.meal.server;
const o = ko.meal.outing.server;
export const RECEIPT_MAX_EDGE = 2400;
/** Decoding bombs: libvips refuses images above this many pixels before decoding them. */
const MAX_INPUT_PIXELS = 80_000_000;

type TKind = 'jpeg' | 'png' | 'webp' | 'pdf';

/** What the bytes are, by their signature. */
export function sniff(b: Buffer): TKind | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 5 && b.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  return null;
}

/** The bytes to store: a PDF as is; a photo decoded and encoded again as JPEG with no metadata at all. */
async function normalise(body: Buffer): Promise<{ data: Buffer; contentType: string }> {
  const kind = sniff(body);
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', o.receiptType);
  if (kind === 'pdf') return { data: body, contentType: 'application/pdf' };
  try {
    const data = await sharp(body, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(RECEIPT_MAX_EDGE, RECEIPT_MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    return { data, contentType: 'image/jpeg' };
  } catch {
    throw new AppError('BAD_REQUEST', o.receiptBroken);
  }
}

/** The receipts of a round with their uploaders' names. */
async function present(deps: TMealDeps, mealId: string, actor: TActor, role: string): Promise<TMealReceipt[]> {
  const rows = await outings.receiptsOf(deps.db, mealId);
  const uploaders = [...new Set(rows.flatMap((r) => (r.uploadedById ? [r.uploadedById] : [])))];
  const names = new Map((await repo.usersByIds(deps.db, uploaders)).map((u) => [u.id, u.name]));
  return rows.map((r) => toApi(r, names, actor, role));
}

function toApi(row: outings.TReceiptRow, names: Map<string, string>, actor: TActor, role: string): TMealReceipt {
  return {
    id: row.id,
    mealId: row.mealId,
    contentType: row.contentType,
    byteSize: row.byteSize,
    sha256: row.sha256,
    uploadedBy: row.uploadedById ? { userId: row.uploadedById, name: names.get(row.uploadedById) ?? '' } : null,
    canDelete: row.uploadedById === actor.id || isManagerRole(role),
    createdAt: row.createdAt.toISOString(),
  };
}

async function memberMeal(deps: TMealDeps, actor: TActor, seedId: string, mealId: string) {
  const seed = await seedFor(deps.db, seedId, actor.id);
  const meal = await repo.findMeal(deps.db, seedId, mealId);
  if (!meal) throw new AppError('NOT_FOUND', m.notFound);
  return { seed, meal };
}

/** POST …/receipts (a joined participant, the host or a seed manager). */
export async function uploadReceipt(deps: TMealDeps, actor: TActor, seedId: string, mealId: string, body: Buffer): Promise<TMealReceipt> {
  const { seed, meal } = await memberMeal(deps, actor, seedId, mealId);
  if (meal.hostId !== actor.id && !isManagerRole(seed.role)) {
    const mine = (await repo.participantsOf(deps.db, [mealId])).find((p) => p.userId === actor.id);
    if (mine?.status !== 'joined') throw new AppError('FORBIDDEN', o.receiptWho);
  }
  if (body.length === 0) throw new AppError('BAD_REQUEST', o.receiptEmpty);
  if (body.length > deps.receiptMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', o.receiptTooBig(deps.receiptMaxBytes));
  const { data, contentType } = await normalise(body);
  const id = await deps.db.transaction(async (tx) => {
    // The round's row lock: two uploads at once cannot both be the fifth.
    await repo.findMeal(tx, seedId, mealId, true);
    if ((await outings.receiptCount(tx, mealId)) >= MEAL_RECEIPT_MAX) throw new AppError('CONFLICT', o.receiptLimit(MEAL_RECEIPT_MAX));
    return outings.insertReceipt(tx, {
      seedId,
      mealId,
      uploadedById: actor.id,
      contentType,
      byteSize: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      data,
    });
  });
  await publishMeal(deps, seedId, { type: 'updated', mealId });
  return (await present(deps, mealId, actor, seed.role)).find((r) => r.id === id)!;
}

export async function listReceipts(deps: TMealDeps, actor: TActor, seedId: string, mealId: string): Promise<TMealReceipt[]> {
  const { seed } = await memberMeal(deps, actor, seedId, mealId);
  return present(deps, mealId, actor, seed.role);
}

/** The stored bytes (members of the seed). */
export async function receiptFile(deps: TMealDeps, actor: TActor, seedId: string, mealId: string, receiptId: string) {
  await memberMeal(deps, actor, seedId, mealId);
  const row = await outings.findReceipt(deps.db, mealId, receiptId);
  if (!row) throw new AppError('NOT_FOUND', o.receiptNotFound);
  const ext = row.contentType === 'application/pdf' ? 'pdf' : 'jpg';
  return { data: row.data, contentType: row.contentType, filename: `receipt-${row.id.slice(0, 8)}.${ext}` };
}

/** DELETE …/receipts/:receiptId (its uploader or a seed manager). */
export async function deleteReceipt(deps: TMealDeps, actor: TActor, seedId: string, mealId: string, receiptId: string): Promise<void> {
  const { seed } = await memberMeal(deps, actor, seedId, mealId);
  await deps.db.transaction(async (tx) => {
    const row = await outings.findReceipt(tx, mealId, receiptId);
    if (!row) throw new AppError('NOT_FOUND', o.receiptNotFound);
    if (row.uploadedById !== actor.id && !isManagerRole(seed.role)) throw new AppError('FORBIDDEN', o.receiptDeleteWho);
    await outings.deleteReceipt(tx, receiptId);
  });
  await publishMeal(deps, seedId, { type: 'updated', mealId });
}

/** GET /api/seeds/:seedId/meal-receipts (members): rounds with receipts, newest first, for the ledger page. */
export async function receiptRounds(deps: TMealDeps, actor: TActor, seedId: string): Promise<TMealReceiptRounds> {
  await seedFor(deps.db, seedId, actor.id);
  const rows = await outings.receiptRoundsOf(deps.db, seedId);
  const byMeal = new Map<string, { meal: repo.TMealRow; receipts: { id: string; contentType: string }[] }>();
  for (const r of rows) {
    const entry = byMeal.get(r.meal.id) ?? { meal: r.meal, receipts: [] };
    entry.receipts.push({ id: r.receiptId, contentType: r.contentType });
    byMeal.set(r.meal.id, entry);
  }
  const parts = await repo.participantsOf(deps.db, [...byMeal.keys()]);
  return [...byMeal.values()].reverse().map(({ meal, receipts }) => ({
    mealId: meal.id,
    title: meal.title,
    date: meal.mealDate,
    partNo: meal.partNo,
    total: billOf(
      meal,
      parts.filter((p) => p.mealId === meal.id),
    ),
    receipts,
  }));
}
