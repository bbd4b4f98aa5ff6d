/** Company rules (decision 089): the stored place of passages in their rules document. */
import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { knowledgePassages } from '../../db/schema-knowledge.ts';
import { knowledgePassageArticles } from '../../db/schema-knowledge-rules.ts';

/** The article rows of the passages of `sourceIds` whose text is one of `contents`. */
export async function articlesOf(db: TDb, sourceIds: string[], contents: string[]) {
  if (!sourceIds.length || !contents.length) return [];
  return db
    .select({
      sourceId: knowledgePassages.sourceId,
      content: knowledgePassages.content,
      article: knowledgePassageArticles.article,
      articleTitle: knowledgePassageArticles.articleTitle,
      paragraph: knowledgePassageArticles.paragraph,
    })
    .from(knowledgePassageArticles)
    .innerJoin(knowledgePassages, eq(knowledgePassages.id, knowledgePassageArticles.passageId))
    .where(and(inArray(knowledgePassages.sourceId, sourceIds), inArray(knowledgePassages.content, contents)));
}
