// Developer documentation (issue 33, /admin/docs): guides and the changelog, shared by server and web.
import { z } from 'zod';

export const ZDocGuideSummary = z.object({ slug: z.string(), title: z.string(), summary: z.string() });
export const ZDocGuideList = z.array(ZDocGuideSummary);
export type TDocGuideSummary = z.infer<typeof ZDocGuideSummary>;
/** GET /api/docs/guides/{slug}: `html` rendered and sanitised on the server. */
export const ZDocGuide = z.object({ slug: z.string(), title: z.string(), summary: z.string(), html: z.string() });
export type TDocGuide = z.infer<typeof ZDocGuide>;

/** GET /api/docs/changelog: the repository's releases (CHANGELOG.md), newest first. */
export const ZChangelog = z.array(z.object({ version: z.string(), date: z.string(), title: z.string(), html: z.string() }));
export type TChangelog = z.infer<typeof ZChangelog>;
