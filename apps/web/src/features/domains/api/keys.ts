/** Query keys of a seed's custom domains (all under ['domains', seedId]). */
export const domainKeys = {
  list: (seedId: string) => ['domains', seedId, 'list'] as const,
};

/** The collection's path for a seed. */
export const domainsPath = (seedId: string) => `/api/seeds/${encodeURIComponent(seedId)}/domains`;
