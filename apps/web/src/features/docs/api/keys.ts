/** Query keys of the developer documentation. */
export const docsKeys = {
  openapi: ['docs', 'openapi'] as const,
  guides: ['docs', 'guides'] as const,
  guide: (slug: string) => ['docs', 'guides', slug] as const,
  changelog: ['docs', 'changelog'] as const,
};
