/**
 * The help article that fixes an error code (issue 33): the error handler adds it to the JSON error as `helpUrl`.
 * An article lists the codes it fixes in its front matter; when several do, a troubleshooting article (`trouble-…`)
 * wins, then the first slug in alphabetical order. Built on first use from the loaded articles; never throws (a
 * failure to load gives no link, and the error is answered as it would be without help).
 */
import { loadArticles, type THelpArticleDoc } from './articles.ts';

/** code → slug, by the rule above. */
export function codeLinks(articles: readonly THelpArticleDoc[]): Map<string, string> {
  const rank = (slug: string) => (slug.startsWith('trouble-') ? 0 : 1);
  const sorted = [...articles].sort((a, b) => rank(a.slug) - rank(b.slug) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  const links = new Map<string, string>();
  for (const a of sorted) for (const code of a.codes) if (!links.has(code)) links.set(code, a.slug);
  return links;
}

let links: Map<string, string> | undefined;

export function helpUrlOf(code: string): string | undefined {
  try {
    links ??= codeLinks(loadArticles());
  } catch {
    links = new Map();
  }
  const slug = links.get(code);
  return slug ? `/help/${slug}` : undefined;
}
