import type { RouteObject } from 'react-router';

/** /admin/services/slack-ai (relative to /admin), lazy-loaded. */
export const slackAiConsoleRoutes: RouteObject[] = [
  { path: 'services/slack-ai', lazy: async () => ({ Component: (await import('./pages/console-page')).SlackConsolePage }) },
];
