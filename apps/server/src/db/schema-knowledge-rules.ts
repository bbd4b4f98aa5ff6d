/**
 * Company rules (issue 35, decision 089): where a passage of a 취업규칙 or 사내 규정 sits — its chapter, article,
 * article title and paragraph — so an answer cites "제12조 ②항 (연차 유급휴가)" from stored metadata. One row per
 * passage that belongs to an article; other passages have none. Goes with its passage.
 */
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { knowledgePassages } from './schema-knowledge.ts';

export const knowledgePassageArticles = pgTable('knowledge_passage_articles', {
  passageId: uuid('passage_id')
    .primaryKey()
    .references(() => knowledgePassages.id, { onDelete: 'cascade' }),
  /** "제3장 근로시간", "부칙"; null before the first chapter. */
  chapter: text('chapter'),
  /** "제12조", "제11조의2", "부칙 제1조" or "부칙". */
  article: text('article').notNull(),
  articleTitle: text('article_title'),
  /** "②" or "3" (a "3." paragraph); null for a whole article. */
  paragraph: text('paragraph'),
});
