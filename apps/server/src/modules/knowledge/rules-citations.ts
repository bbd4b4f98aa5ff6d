/**
 * Company rules (decision 089), the answer side: hits ranked elsewhere (the assistant's search over documents and
 * conversations) get their rules citation — "문서 · 제12조 ②항 (연차 유급휴가)" — from the stored article metadata of
 * the passage (found by its document and text). Hits already cited, and hits that are not rules passages, are unchanged.
 */
import type { TDb } from '../../db/client.ts';
import { citationOf, citedTitle } from './rules-chunking.ts';
import { articlesOf } from './rules.repository.ts';

type THitLike = { documentId: string; title: string; content: string; conversation?: unknown };

export async function withRuleCitations<T extends THitLike>(db: TDb, hits: T[]): Promise<T[]> {
  const docs = hits.filter((h) => !h.conversation && /^(부칙\s*)?제\s*\d+\s*조|^부칙/.test(h.content));
  if (!docs.length) return hits;
  const rows = await articlesOf(
    db,
    [...new Set(docs.map((h) => h.documentId))],
    docs.map((h) => h.content),
  );
  const byKey = new Map(rows.map((r) => [`${r.sourceId}\n${r.content}`, r]));
  return hits.map((h) => {
    const r = h.conversation ? undefined : byKey.get(`${h.documentId}\n${h.content}`);
    if (!r) return h;
    const cited = citationOf({ chapter: null, article: r.article, articleTitle: r.articleTitle, paragraph: r.paragraph });
    return h.title.endsWith(cited) ? h : { ...h, title: citedTitle(h.title, r) };
  });
}
