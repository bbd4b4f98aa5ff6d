export const mealKeys = {
  all: (seedId: string) => ['meal', seedId] as const,
  list: (seedId: string) => ['meal', seedId, 'list'] as const,
  round: (seedId: string, mealId: string) => ['meal', seedId, 'round', mealId] as const,
  ledger: (seedId: string) => ['meal', seedId, 'ledger'] as const,
};
