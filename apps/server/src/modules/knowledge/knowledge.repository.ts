import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { TDb, TTransaction } from '../../db/client.ts';
import { knowledgePassages, knowledgeSources } from '../../db/schema-knowledge.ts';
import { knowledgePassageArticles } from '../../db/schema-knowledge-rules.ts';
import type { TArticleMeta } from './rules-chunking.ts';

export type TSourceRow = typeof knowledgeSources.$inferSelect;
export type TNewSource = typeof knowledgeSources.$inferInsert;

export type TTx = TTransaction;

/** Which service reads: one chatbot's sources, or those attached to a Slack workspace. */
export type TScope = { chatbotId: string } | { slackWorkspaceId: string };

export const inScope = (scope: TScope): SQL =>
  'chatbotId' in scope ? eq(knowledgeSources.chatbotId, scope.chatbotId) : eq(knowledgeSources.slackWorkspaceId, scope.slackWorkspaceId);

/** One statement carries at most 65,535 parameters (6 per passage), and a large PDF has more passages. */
const PASSAGE_BATCH = 1_000;

/** A passage to store; `pageUrl` when the source has several pages (a sitemap); `article` in company rules (decision 089). */
export type TNewPassage = { content: string; grams: string[]; pageUrl?: string | null; article?: TArticleMeta | null };

async function insertPassages(tx: TTx, source: { id: string; seedId: string }, passages: TNewPassage[]) {
  for (let start = 0; start < passages.length; start += PASSAGE_BATCH) {
    const batch = passages.slice(start, start + PASSAGE_BATCH);
    const rows = batch.map(({ article: _a, ...p }, i) => ({ sourceId: source.id, seedId: source.seedId, ord: start + i, ...p }));
    const ids = await tx.insert(knowledgePassages).values(rows).returning({ id: knowledgePassages.id });
    const articles = batch.flatMap((p, i) => (p.article ? [{ passageId: ids[i]!.id, ...p.article }] : []));
    if (articles.length) await tx.insert(knowledgePassageArticles).values(articles);
  }
}

/** Inserts a source and its passages; `then` runs in the same transaction (e.g. enqueueing its re-fetch). */
export async function insertSource(
  db: TDb,
  source: TNewSource,
  passages: TNewPassage[],
  then?: (tx: TTx, row: TSourceRow) => Promise<void>,
): Promise<TSourceRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(knowledgeSources).values(source).returning();
    await insertPassages(tx, row!, passages);
    if (then) await then(tx, row!);
    return row!;
  });
}

export async function findSource(db: TDb | TTx, id: string): Promise<TSourceRow | undefined> {
  const [row] = await db.select().from(knowledgeSources).where(eq(knowledgeSources.id, id));
  return row;
}

/** Replaces a source's content and passages (a re-fetched page); `then` runs in the same transaction. */
export async function replaceContent(
  db: TDb,
  source: TSourceRow,
  content: string,
  passages: TNewPassage[],
  fetchedAt: Date,
  then?: (tx: TTx) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    await tx.update(knowledgeSources).set({ content, fetchedAt }).where(eq(knowledgeSources.id, source.id));
    await tx.delete(knowledgePassages).where(eq(knowledgePassages.sourceId, source.id));
    await insertPassages(tx, source, passages);
    if (then) await then(tx);
  });
}

/** Rewrites an FAQ entry (question, answer, phrasings) and its one passage, in one transaction. */
export async function updateFaq(
  db: TDb | TTx,
  sourceId: string,
  next: { question: string; answer: string; phrasings: string[] },
  passage: { content: string; grams: string[] },
): Promise<TSourceRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(knowledgeSources)
      .set({ title: next.question, question: next.question, answer: next.answer, phrasings: next.phrasings, content: passage.content })
      .where(and(eq(knowledgeSources.id, sourceId), eq(knowledgeSources.kind, 'faq')))
      .returning();
    if (!row) return undefined;
    await tx.delete(knowledgePassages).where(eq(knowledgePassages.sourceId, sourceId));
    await insertPassages(tx, row, [passage]);
    return row;
  });
}

export async function listSources(db: TDb, scope: TScope) {
  return db
    .select({
      source: knowledgeSources,
      // Spelled out: inside a select list Drizzle renders a column without its table, which the subquery would shadow.
      passages: sql<number>`(select count(*)::int from knowledge_passages p where p.source_id = knowledge_sources.id)`,
    })
    .from(knowledgeSources)
    .where(inScope(scope))
    .orderBy(desc(knowledgeSources.createdAt));
}

/** A chatbot's FAQ entries as the matcher reads them (faq-match.ts). */
export async function faqEntries(db: TDb, chatbotId: string) {
  return db
    .select({
      id: knowledgeSources.id,
      question: knowledgeSources.question,
      answer: knowledgeSources.answer,
      phrasings: knowledgeSources.phrasings,
      sourceUrl: knowledgeSources.sourceUrl,
    })
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.chatbotId, chatbotId), eq(knowledgeSources.kind, 'faq')))
    .orderBy(asc(knowledgeSources.createdAt), asc(knowledgeSources.id));
}

/** Every source of a seed with its attachments (the consoles show where each one is used). */
export async function seedAttachments(db: TDb, seedId: string) {
  return db
    .select({ id: knowledgeSources.id, chatbotId: knowledgeSources.chatbotId, slackWorkspaceId: knowledgeSources.slackWorkspaceId })
    .from(knowledgeSources)
    .where(eq(knowledgeSources.seedId, seedId))
    .orderBy(asc(knowledgeSources.createdAt));
}

/** A source, its row locked until the transaction ends (a read-modify-write of its attachments). */
export async function findSourceForUpdate(tx: TTx, id: string): Promise<TSourceRow | undefined> {
  const [row] = await tx.select().from(knowledgeSources).where(eq(knowledgeSources.id, id)).for('update');
  return row;
}

export async function setAttachments(
  db: TDb | TTx,
  id: string,
  v: { chatbotId: string | null; slackWorkspaceId: string | null },
): Promise<TSourceRow | undefined> {
  const [row] = await db.update(knowledgeSources).set(v).where(eq(knowledgeSources.id, id)).returning();
  return row;
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

/**
 * Removes a source from one service: detached when the other service still uses it, deleted otherwise (one
 * transaction, the row locked). False when the source is not attached to that service.
 */
export async function removeFromScope(db: TDb, scope: TScope, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(knowledgeSources)
      .where(and(eq(knowledgeSources.id, id), inScope(scope)))
      .for('update');
    if (!row) return false;
    const other = 'chatbotId' in scope ? row.slackWorkspaceId : row.chatbotId;
    if (!other) await tx.delete(knowledgeSources).where(eq(knowledgeSources.id, id));
    else
      await tx
        .update(knowledgeSources)
        .set('chatbotId' in scope ? { chatbotId: null } : { slackWorkspaceId: null })
        .where(eq(knowledgeSources.id, id));
    return true;
  });
}

/** Before a chatbot is deleted (its sources cascade): the sources Slack still uses are only detached from it. */
export async function releaseChatbot(db: TDb, chatbotId: string): Promise<void> {
  await db
    .update(knowledgeSources)
    .set({ chatbotId: null })
    .where(and(eq(knowledgeSources.chatbotId, chatbotId), isNotNull(knowledgeSources.slackWorkspaceId)));
}

const keyArray = (keys: string[]) =>
  sql`${sql.raw('ARRAY[')}${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )}${sql.raw(']::text[]')}`;

/**
 * Passages of the scope's sources sharing at least one key with the query, most shared keys first. A company-rules
 * passage comes with its article, article title and paragraph (decision 089; null otherwise).
 */
export async function candidatePassages(db: TDb, scope: TScope, keys: string[], limit: number) {
  if (!keys.length) return [];
  const arr = keyArray(keys);
  return db
    .select({
      id: knowledgePassages.id,
      sourceId: knowledgePassages.sourceId,
      content: knowledgePassages.content,
      grams: knowledgePassages.grams,
      title: knowledgeSources.title,
      kind: knowledgeSources.kind,
      answer: knowledgeSources.answer,
      sourceUrl: sql<string | null>`coalesce(${knowledgePassages.pageUrl}, ${knowledgeSources.sourceUrl})`,
      article: knowledgePassageArticles.article,
      articleTitle: knowledgePassageArticles.articleTitle,
      paragraph: knowledgePassageArticles.paragraph,
    })
    .from(knowledgePassages)
    .innerJoin(knowledgeSources, eq(knowledgeSources.id, knowledgePassages.sourceId))
    .leftJoin(knowledgePassageArticles, eq(knowledgePassageArticles.passageId, knowledgePassages.id))
    .where(and(inScope(scope), sql`${knowledgePassages.grams} && ${arr}`))
    .orderBy(sql`cardinality(array(select unnest(${knowledgePassages.grams}) intersect select unnest(${arr}))) desc`)
    .limit(limit);
}

export async function passageCount(db: TDb, scope: TScope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(knowledgePassages)
    .innerJoin(knowledgeSources, eq(knowledgeSources.id, knowledgePassages.sourceId))
    .where(inScope(scope));
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

/** Passages without search keys (copied from the Slack tables by migration 0016), with their source's title. */
export async function passagesWithoutKeys(db: TDb, limit: number) {
  return db
    .select({ id: knowledgePassages.id, content: knowledgePassages.content, title: knowledgeSources.title })
    .from(knowledgePassages)
    .innerJoin(knowledgeSources, eq(knowledgeSources.id, knowledgePassages.sourceId))
    .where(sql`cardinality(${knowledgePassages.grams}) = 0`)
    .limit(limit);
}

export async function storeKeys(db: TDb, rows: { id: string; grams: string[] }[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const r of rows) await tx.update(knowledgePassages).set({ grams: r.grams }).where(eq(knowledgePassages.id, r.id));
  });
}

/** Bytes of stored knowledge per seed (the sources' text: content, question, answer, phrasings), seeds with any. */
export async function storedBytesBySeed(db: TDb): Promise<{ seedId: string; bytes: number }[]> {
  const k = knowledgeSources;
  const bytes = sql<number>`coalesce(sum(octet_length(${k.content}) + coalesce(octet_length(${k.question}), 0)
    + coalesce(octet_length(${k.answer}), 0) + coalesce(octet_length(array_to_string(${k.phrasings}, '')), 0)), 0)::bigint`;
  return db
    .select({ seedId: k.seedId, bytes: bytes.mapWith(Number) })
    .from(k)
    .groupBy(k.seedId);
}
