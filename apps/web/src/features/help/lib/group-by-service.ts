import { ZHelpService, type THelpArticleSummary, type THelpService } from '@suite/shared/schemas/help';

export type TArticleGroup = { service: THelpService; articles: THelpArticleSummary[] };

/**
 * Articles grouped by service. `by: 'rank'` keeps the server's order (search results: the group of the best match
 * first, each group best first); `by: 'catalogue'` orders the groups as the services are listed (the full index).
 */
export function groupByService(articles: THelpArticleSummary[], by: 'rank' | 'catalogue'): TArticleGroup[] {
  const groups = new Map<THelpService, THelpArticleSummary[]>();
  for (const a of articles) {
    const list = groups.get(a.service);
    if (list) list.push(a);
    else groups.set(a.service, [a]);
  }
  const entries = [...groups.entries()].map(([service, list]) => ({ service, articles: list }));
  if (by === 'rank') return entries;
  const order = ZHelpService.options;
  return entries.sort((a, b) => order.indexOf(a.service) - order.indexOf(b.service));
}
