/** Query keys of the Slack AI feature: everything of a workspace sits under slackKeys.ws (same values as before the split). */
export const slackKeys = {
  workspaces: ['slack-workspaces'] as const,
  ws: (id: string) => ['slack-ws', id] as const,
  users: (id: string) => ['slack-ws', id, 'users'] as const,
  logs: (id: string, q: string, before: string | undefined) => ['slack-ws', id, 'logs', q, before] as const,
  stats: (id: string, days: number) => ['slack-ws', id, 'stats', days] as const,
  documents: (id: string) => ['slack-ws', id, 'documents'] as const,
  search: (id: string, q: string) => ['slack-ws', id, 'search', q] as const,
};
export const slackBase = (id: string) => `/api/slack/workspaces/${id}`;
