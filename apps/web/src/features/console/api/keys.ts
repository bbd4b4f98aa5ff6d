/** Query keys of the console (same values as before the split, so every invalidation still reaches its queries). */
export const consoleKeys = {
  /** Every user list: the paged list and the trash. */
  users: ['admin-users'] as const,
  userList: (q: unknown) => ['admin-users', q] as const,
  trash: ['admin-users', 'trash'] as const,
  audit: ['admin-audit'] as const,
  auditPage: (page: number, search: string) => ['admin-audit', page, search] as const,
  overview: ['admin-overview'] as const,
  summary: ['console-summary'] as const,
  services: ['services'] as const,
  analytics: (from: string, to: string) => ['admin-analytics', from, to] as const,
  integrations: ['admin-integrations'] as const,
  adminSecurity: ['admin-security'] as const,
  adminPolicy: ['admin-security', 'second-factor'] as const,
  seedPolicy: (seedId: string) => ['seed-security', seedId, 'second-factor'] as const,
  seedMembers: (seedId: string | undefined) => ['seed-members', seedId] as const,
};

/** Query string of a list: empty filters and 'all' are left out. */
export function listParams(params: Record<string, string | number>) {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== '' && v !== 'all') u.set(k, String(v));
  return u.toString();
}
