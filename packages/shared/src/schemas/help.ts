// Help centre (issue 33): the pinned HTTP API's requests and answers, shared by server and web.
import { z } from 'zod';

/** The services an article belongs to (results are grouped by them). */
export const ZHelpService = z.enum([
  'start',
  'slack',
  'rooms',
  'meal',
  'api-builder',
  'admin-builder',
  'chatbot',
  'console',
  'account',
  'billing',
  'privacy',
  'domains',
  'trouble',
]);
export type THelpService = z.infer<typeof ZHelpService>;

/** GET /api/help/articles?q=&service= */
export const ZHelpSearchQuery = z.object({
  q: z.string().trim().max(200).optional(),
  service: ZHelpService.optional(),
});
export type THelpSearchQuery = z.infer<typeof ZHelpSearchQuery>;

export const ZHelpArticleSummary = z.object({ slug: z.string(), title: z.string(), service: ZHelpService, excerpt: z.string() });
export type THelpArticleSummary = z.infer<typeof ZHelpArticleSummary>;
export const ZHelpArticleList = z.array(ZHelpArticleSummary);

/** GET /api/help/articles/{slug}: `html` is rendered on the server from the article's Markdown and sanitised. */
export const ZHelpArticle = z.object({
  slug: z.string(),
  title: z.string(),
  service: ZHelpService,
  html: z.string(),
  codes: z.array(z.string()),
  updated: z.string(),
});
export type THelpArticle = z.infer<typeof ZHelpArticle>;

export const ZHelpSlugParams = z.object({ slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,80}$/) });

/** GET /api/seeds/{seedId}/help/checklist: getting-started steps that tick themselves from the seed's real state. */
export const ZHelpChecklistItem = z.object({
  id: z.string(),
  title: z.string(),
  done: z.boolean(),
  /** Where to do it in the console, e.g. `/admin/...`; and the article that explains it. */
  href: z.string(),
  articleSlug: z.string().optional(),
});
export const ZHelpChecklist = z.object({
  services: z.array(z.object({ service: ZHelpService, title: z.string(), items: z.array(ZHelpChecklistItem) })),
});
export type THelpChecklist = z.infer<typeof ZHelpChecklist>;

/** GET /api/help/contact: the help centre's own chatbot (created at start-up) for 문의하기; null when it is not ready. */
export const ZHelpContact = z.object({ botId: z.uuid().nullable() });
export type THelpContact = z.infer<typeof ZHelpContact>;
