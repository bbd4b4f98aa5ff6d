/** Query keys of a seed's privacy requests (all under ['seed-privacy', seedId]). */
export const seedPrivacyKeys = {
  requests: (seedId: string) => ['seed-privacy', seedId, 'requests'] as const,
};
