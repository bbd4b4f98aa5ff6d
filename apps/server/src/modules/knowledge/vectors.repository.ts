/**
 * Vectors of the passages attached to a workspace (`knowledge_passages.embedding`, real[]; decision 026): the Drizzle
 * side of `vectors.ts`. Only the knowledge tables are read here; which workspaces are active and what they may spend
 * is the Slack module's, handed in through `TEmbeddingBudget` (decision 036).
 */
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { knowledgePassages, knowledgeSources } from '../../db/schema-knowledge.ts';
import { knowledgePassageArticles } from '../../db/schema-knowledge-rules.ts';
import { citedTitle } from './rules-chunking.ts';

const inWorkspace = (workspaceId: string) => eq(knowledgeSources.slackWorkspaceId, workspaceId);

/** Passages without a vector of `model` (never embedded, or by another model). Written so the btree index serves it. */
const notEmbeddedBy = (model: string) =>
  or(isNull(knowledgePassages.embeddingModel), lt(knowledgePassages.embeddingModel, model), gt(knowledgePassages.embeddingModel, model))!;

/** Of the given (active) workspaces, those with passages still to embed by `model`. */
export async function workspacesToEmbed(db: TDb, model: string, workspaceIds: string[], limit: number): Promise<string[]> {
  if (!workspaceIds.length) return [];
  const rows = await db
    .selectDistinct({ id: knowledgeSources.slackWorkspaceId })
    .from(knowledgePassages)
    .innerJoin(knowledgeSources, eq(knowledgeSources.id, knowledgePassages.sourceId))
    .where(and(notEmbeddedBy(model), inArray(knowledgeSources.slackWorkspaceId, workspaceIds)))
    .limit(limit);
  return rows.map((r) => r.id!);
}

/** Up to `limit` passages of a workspace still to embed, with their document's title (embedded with the text). */
export async function passagesToEmbed(db: TDb, workspaceId: string, model: string, limit: number) {
  return db
    .select({ id: knowledgePassages.id, content: knowledgePassages.content, title: knowledgeSources.title })
    .from(knowledgePassages)
    .innerJoin(knowledgeSources, eq(knowledgeSources.id, knowledgePassages.sourceId))
    .where(and(inWorkspace(workspaceId), notEmbeddedBy(model)))
    .orderBy(asc(knowledgePassages.sourceId), asc(knowledgePassages.ord))
    .limit(limit);
}

/** Stores vectors in one statement (passages deleted meanwhile are simply not matched). */
export async function storeVectors(db: TDb, model: string, rows: { id: string; vector: Float32Array }[]): Promise<void> {
  if (!rows.length) return;
  // float32 needs 9 significant digits to come back bit for bit.
  const values = rows.map((r) => sql`(${r.id}::uuid, ${`{${Array.from(r.vector, (x) => x.toPrecision(9)).join(',')}}`}::real[])`);
  await db.execute(sql`
    update ${knowledgePassages} as p set embedding = v.e, embedding_model = ${model}
    from (values ${sql.join(values, sql`, `)}) as v(id, e)
    where p.id = v.id`);
}

/** The ids of a workspace's passages that have a vector of `model`, and how many have none yet. */
export async function vectorInventory(db: TDb, workspaceId: string, model: string): Promise<{ ready: string[]; pending: number }> {
  const rows = await db
    .select({ id: knowledgePassages.id, ready: sql<boolean>`coalesce(${knowledgePassages.embeddingModel} = ${model}, false)` })
    .from(knowledgePassages)
    .innerJoin(knowledgeSources, eq(knowledgeSources.id, knowledgePassages.sourceId))
    .where(inWorkspace(workspaceId));
  const ready = rows.filter((r) => r.ready).map((r) => r.id);
  return { ready, pending: rows.length - ready.length };
}

/**
 * Vectors of the given passages. Sent as the array's binary form in base64 (`array_send`): measured 2–3× faster to
 * read than the text form of real[] (whose floats the database must print and Node must parse).
 */
export async function loadVectors(db: TDb, ids: string[], model: string): Promise<Map<string, Float32Array>> {
  const out = new Map<string, Float32Array>();
  if (!ids.length) return out;
  const rows = await db
    .select({ id: knowledgePassages.id, b64: sql<string>`encode(array_send(${knowledgePassages.embedding}), 'base64')` })
    .from(knowledgePassages)
    .where(and(inArray(knowledgePassages.id, ids), eq(knowledgePassages.embeddingModel, model)));
  for (const r of rows) if (r.b64) out.set(r.id, decodeFloat4Array(Buffer.from(r.b64, 'base64')));
  return out;
}

/** PostgreSQL's binary array format: ndim, has-nulls flag, element type, (size, lower bound) per dimension, then (length, value) per element. */
export function decodeFloat4Array(b: Buffer): Float32Array {
  const ndim = b.readInt32BE(0);
  if (ndim === 0) return new Float32Array(0);
  const n = b.readInt32BE(12);
  const out = new Float32Array(n);
  let off = 12 + 8 * ndim;
  for (let i = 0; i < n; i++) {
    const len = b.readInt32BE(off);
    off += 4;
    if (len === 4) {
      out[i] = b.readFloatBE(off);
      off += 4;
    } else if (len > 0) off += len;
  }
  return out;
}

/** Passages by id (vector hits the lexical candidates did not include), with their document's title and source. */
export async function passagesByIds(db: TDb, workspaceId: string, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: knowledgePassages.id,
      documentId: knowledgePassages.sourceId,
      content: knowledgePassages.content,
      title: knowledgeSources.title,
      sourceUrl: knowledgeSources.sourceUrl,
      // A company-rules passage's place (decision 089), folded into the cited title below.
      article: knowledgePassageArticles.article,
      articleTitle: knowledgePassageArticles.articleTitle,
      paragraph: knowledgePassageArticles.paragraph,
    })
    .from(knowledgePassages)
    .innerJoin(knowledgeSources, eq(knowledgeSources.id, knowledgePassages.sourceId))
    .leftJoin(knowledgePassageArticles, eq(knowledgePassageArticles.passageId, knowledgePassages.id))
    .where(and(inWorkspace(workspaceId), inArray(knowledgePassages.id, ids)));
  return rows.map(({ article, articleTitle, paragraph, ...r }) => ({ ...r, title: citedTitle(r.title, { article, articleTitle, paragraph }) }));
}

/** Passages per document (knowledge source) that have a vector of `model` (the console shows what is embedded). */
export async function embeddedCounts(db: TDb, workspaceId: string, model: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ documentId: knowledgePassages.sourceId, n: sql<number>`count(*)::int` })
    .from(knowledgePassages)
    .innerJoin(knowledgeSources, eq(knowledgeSources.id, knowledgePassages.sourceId))
    .where(and(inWorkspace(workspaceId), eq(knowledgePassages.embeddingModel, model)))
    .groupBy(knowledgePassages.sourceId);
  return new Map(rows.map((r) => [r.documentId, r.n]));
}
