export const notificationKeys = {
  all: ['notifications'] as const,
  /** Every inbox query (the bell's and the page's): the event stream invalidates this prefix. */
  inbox: ['notifications', 'inbox'] as const,
  bell: ['notifications', 'inbox', 'bell'] as const,
  list: (unread: boolean) => ['notifications', 'inbox', 'list', unread] as const,
  preferences: (seedId: string | null) => ['notifications', 'preferences', seedId ?? 'personal'] as const,
  webhook: ['notifications', 'webhook'] as const,
  deliveries: (filter: { status?: string | undefined; channel?: string | undefined }) => ['notifications', 'deliveries', filter] as const,
};
