/** Where an article opens: inside the console (`/admin/help?article=`) or on the public help centre (`/help/`). */
export type THrefOf = (slug: string) => string;

export const consoleArticleHref: THrefOf = (slug) => `/admin/help?article=${encodeURIComponent(slug)}`;
export const publicArticleHref: THrefOf = (slug) => `/help/${encodeURIComponent(slug)}`;
