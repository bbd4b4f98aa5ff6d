import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TDb, TTransaction } from '../../db/client.ts';
import { knowledgePassages, knowledgeSources } from '../../db/schema-knowledge.ts';

export type TSourceRow = typeof knowledgeSources.$inferSelect;
export type TNewSource = typeof knowledgeSources.$inferInsert;

export type TTx = TTransaction;

/** Inserts a source and its passages; `then` runs in the same transaction (e.g. enqueueing its re-fetch). */
export async function insertSource(
  db: TDb,
  source: TNewSource,
  passages: { content: string; grams: string[] }[],
  then?: (tx: TTx, row: TSourceRow) => Promise<void>,
): Promise<TSourceRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(knowledgeSources).values(source).returning();
    if (passages.length) await tx.insert(knowledgePassages).values(passages.map((p, ord) => ({ sourceId: row!.id, seedId: source.seedId, ord, ...p })));
    if (then) await then(tx, row!);
    return row!;
  });
}

export async function findSource(db: TDb, id: string): Promise<TSourceRow | undefined> {
  const [row] = await db.select().from(knowledgeSources).where(eq(knowledgeSources.id, id));
  return row;
}

/** Replaces a source's content and passages (a re-fetched page); `then` runs in the same transaction. */
export async function replaceContent(
  db: TDb,
  source: TSourceRow,
  content: string,
  passages: { content: string; grams: string[] }[],
  fetchedAt: Date,
  then?: (tx: TTx) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    await tx.update(knowledgeSources).set({ content, fetchedAt }).where(eq(knowledgeSources.id, source.id));
    await tx.delete(knowledgePassages).where(eq(knowledgePassages.sourceId, source.id));
    if (passages.length) await tx.insert(knowledgePassages).values(passages.map((p, ord) => ({ sourceId: source.id, seedId: source.seedId, ord, ...p })));
    if (then) await then(tx);
  });
}

export async function listSources(db: TDb, chatbotId: string) {
  return db
    .select({
      source: knowledgeSources,
      passages: sql<number>`(select count(*)::int from knowledge_passages p where p.source_id = knowledge_sources.id)`,
    })
    .from(knowledgeSources)
    .where(eq(knowledgeSources.chatbotId, chatbotId))
    .orderBy(desc(knowledgeSources.createdAt));
}

export async function sourceCounts(db: TDb, chatbotIds: string[]): Promise<Map<string, number>> {
  if (!chatbotIds.length) return new Map();
  const rows = await db
    .select({ id: knowledgeSources.chatbotId, n: count() })
    .from(knowledgeSources)
    .where(inArray(knowledgeSources.chatbotId, chatbotIds))
    .groupBy(knowledgeSources.chatbotId);
  return new Map(rows.map((r) => [r.id!, r.n]));
}

export async function deleteSource(db: TDb, chatbotId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(knowledgeSources)
    .where(and(eq(knowledgeSources.id, id), eq(knowledgeSources.chatbotId, chatbotId)))
    .returning({ id: knowledgeSources.id });
  return rows.length === 1;
}

/** Passages of a chatbot's sources sharing at least one key with the query, most shared keys first. */
export async function candidatePassages(db: TDb, chatbotId: string, keys: string[], limit: number) {
  if (!keys.length) return [];
  const arr = sql`${sql.raw('ARRAY[')}${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )}${sql.raw(']::text[]')}`;
  return db
    .select({
      id: knowledgePassages.id,
      sourceId: knowledgePassages.sourceId,
      content: knowledgePassages.content,
      grams: knowledgePassages.grams,
      title: knowledgeSources.title,
      kind: knowledgeSources.kind,
      answer: knowledgeSources.answer,
      sourceUrl: knowledgeSources.sourceUrl,
    })
    .from(knowledgePassages)
    .innerJoin(knowledgeSources, eq(knowledgeSources.id, knowledgePassages.sourceId))
    .where(and(eq(knowledgeSources.chatbotId, chatbotId), sql`${knowledgePassages.grams} && ${arr}`))
    .orderBy(sql`cardinality(array(select unnest(${knowledgePassages.grams}) intersect select unnest(${arr}))) desc`)
    .limit(limit);
}

export async function passageCount(db: TDb, chatbotId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(knowledgePassages)
    .innerJoin(knowledgeSources, eq(knowledgeSources.id, knowledgePassages.sourceId))
    .where(eq(knowledgeSources.chatbotId, chatbotId));
  return row?.n ?? 0;
}

export async function markCited(db: TDb, sourceId: string): Promise<void> {
  await db
    .update(knowledgeSources)
    .set({ citedCount: sql`${knowledgeSources.citedCount} + 1` })
    .where(eq(knowledgeSources.id, sourceId));
}

/** The FAQ questions cited most often (then the newest): the widget's suggested questions. */
export async function topFaqQuestions(db: TDb, chatbotId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ q: knowledgeSources.question })
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.chatbotId, chatbotId), eq(knowledgeSources.kind, 'faq')))
    .orderBy(desc(knowledgeSources.citedCount), desc(knowledgeSources.createdAt))
    .limit(limit);
  return rows.map((r) => r.q ?? '').filter(Boolean);
}
