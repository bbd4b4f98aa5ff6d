/** Query keys of the /settings/privacy screen (all under ['privacy'], so one invalidation refreshes the screen). */
export const privacyKeys = {
  all: ['privacy'] as const,
  exports: ['privacy', 'exports'] as const,
  export: (id: string) => ['privacy', 'exports', id] as const,
  consents: ['privacy', 'consents'] as const,
  recipients: ['privacy', 'recipients'] as const,
  deletion: ['privacy', 'deletion'] as const,
};
