import type { RouteObject } from 'react-router';

/** Public-site routes of the chat AI service (inside the site layout): the connection result screen, lazy-loaded. */
export const slackSiteRoutes: RouteObject[] = [
  { path: 'oauth/slack/callback', lazy: async () => ({ Component: (await import('./pages/callback-page')).SlackCallbackPage }) },
];
