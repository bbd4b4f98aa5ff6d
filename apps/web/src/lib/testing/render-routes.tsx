import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { SessionProvider } from '@/lib/session';

/**
 * For web tests: renders `routes`, plus a catch-all that shows "elsewhere", at `url` inside a fresh query client and
 * the session provider, as the app does. `queries: 'pending'` leaves every query without its own fetcher pending
 * (no server in the test); `setLocation` also puts `url` in `window.location` (for pages that read it).
 */
export function renderRoutes(
  routes: RouteObject[],
  url: string,
  { queries = 'fetch', setLocation = false }: { queries?: 'fetch' | 'pending'; setLocation?: boolean } = {},
) {
  if (setLocation) window.history.replaceState(null, '', url);
  const router = createMemoryRouter([...routes, { path: '*', element: <p>elsewhere</p> }], { initialEntries: [url] });
  const client = new QueryClient({
    defaultOptions: { queries: queries === 'pending' ? { retry: false, queryFn: () => new Promise(() => undefined) } : { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}
