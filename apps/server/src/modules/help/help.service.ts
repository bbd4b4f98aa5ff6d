/**
 * The help centre's articles as the API serves them (issue 33): search and list (help-search.ts) and one article
 * rendered to safe HTML (help-render.ts). Built once from the loaded articles: they ship with the code, so nothing
 * here changes while the process runs, and each article is rendered once, on first request.
 */
import { ko } from '@suite/shared';
import type { THelpArticle, THelpArticleSummary, THelpSearchQuery } from '@suite/shared/schemas/help';
import { AppError } from '../../lib/app-error.ts';
import type { THelpArticleDoc } from './articles.ts';
import { renderArticle } from './help-render.ts';
import { buildHelpIndex, searchArticles } from './help-search.ts';

export type THelpCentre = {
  search: (query: THelpSearchQuery) => THelpArticleSummary[];
  article: (slug: string) => THelpArticle;
};

/** Answers kept per distinct query: the search box asks again for what another visitor just typed. */
const SEARCH_CACHE = 500;

export function createHelpService(docs: readonly THelpArticleDoc[]): THelpCentre {
  // Built on the first search, not with the app: every test app would otherwise pay for analysing every article.
  let index: ReturnType<typeof buildHelpIndex> | undefined;
  const bySlug = new Map(docs.map((d) => [d.slug, d]));
  const rendered = new Map<string, THelpArticle>();
  const recent = new Map<string, THelpArticleSummary[]>();
  return {
    search({ q, service }) {
      const key = `${service ?? ''}\n${q?.trim() ?? ''}`;
      const hit = recent.get(key);
      if (hit) return hit;
      const found = searchArticles((index ??= buildHelpIndex(docs)), q, service);
      if (recent.size >= SEARCH_CACHE) recent.delete(recent.keys().next().value!);
      recent.set(key, found);
      return found;
    },
    article(slug) {
      const done = rendered.get(slug);
      if (done) return done;
      const doc = bySlug.get(slug);
      if (!doc) throw new AppError('NOT_FOUND', ko.help.server.articleNotFound);
      const article = { slug, title: doc.title, service: doc.service, html: renderArticle(doc.body), codes: doc.codes, updated: doc.updated };
      rendered.set(slug, article);
      return article;
    },
  };
}
