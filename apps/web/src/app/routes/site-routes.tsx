import type { RouteObject } from 'react-router';
import { HomePage } from '@/features/site/pages/home-page';

/** The public site's shell (header, main, footer). router.tsx nests the site and account pages under it. */
export { SiteLayout } from '@/features/site/components/site-layout';

/** Public site pages. Home is in the first bundle; the others load on first visit (their own chunks). */
export const siteRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'about', lazy: async () => ({ Component: (await import('@/features/site/pages/about-page')).AboutPage }) },
  { path: 'slack-ai', lazy: async () => ({ Component: (await import('@/features/site/pages/slack-ai-page')).SlackAiPage }) },
  { path: 'meeting-room', lazy: async () => ({ Component: (await import('@/features/site/pages/meeting-room-page')).MeetingRoomPage }) },
  { path: 'food-manager', lazy: async () => ({ Component: (await import('@/features/site/pages/food-manager-page')).FoodManagerPage }) },
  { path: 'terms', lazy: async () => ({ Component: (await import('@/features/site/pages/legal-pages')).TermsPage }) },
  { path: 'privacy', lazy: async () => ({ Component: (await import('@/features/site/pages/legal-pages')).PrivacyPage }) },
  { path: 'success', lazy: async () => ({ Component: (await import('@/features/results/pages/success-page')).SuccessPage }) },
  { path: 'help', lazy: async () => ({ Component: (await import('@/features/help/pages/public-help-page')).PublicHelpPage }) },
  { path: 'help/:slug', lazy: async () => ({ Component: (await import('@/features/help/pages/public-article-page')).PublicArticlePage }) },
  { path: 'error', lazy: async () => ({ Component: (await import('@/features/results/pages/error-page')).ErrorPage }) },
  { path: 'meal/verify/:mealId', lazy: async () => ({ Component: (await import('@/features/meal/pages/meal-verify-page')).MealVerifyPage }) },
];

/** Unknown routes: the 404 screen. Must stay the last route of the layout (router.tsx). */
export const notFoundRoute: RouteObject = {
  path: '*',
  lazy: async () => ({ Component: (await import('@/features/results/pages/not-found-page')).NotFoundPage }),
};
