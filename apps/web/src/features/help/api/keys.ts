/** Query keys of the help centre (issue 33). Articles are the same for everyone; the checklist is per seed. */
export const helpKeys = {
  search: (q: string) => ['help', 'articles', q] as const,
  article: (slug: string) => ['help', 'article', slug] as const,
  contact: () => ['help', 'contact'] as const,
  checklist: (seedId: string) => ['help', 'checklist', seedId] as const,
};
