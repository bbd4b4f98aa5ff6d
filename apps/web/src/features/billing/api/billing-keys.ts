/** Query keys of the billing screens. */
export const billingKeys = {
  plans: ['billing', 'plans'] as const,
  seed: (seedId: string) => ['billing', 'seed', seedId] as const,
  overview: (seedId: string) => ['billing', 'seed', seedId, 'overview'] as const,
};
