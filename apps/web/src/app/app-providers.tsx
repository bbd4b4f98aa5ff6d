import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider } from '@/lib/session';
import { toasterRequest } from '@/lib/toast';

const LazyToaster = lazy(() => import('./toaster'));

/** The toaster, mounted (and its code loaded) when the first toast asks for it. */
function AppToaster() {
  const wanted = useSyncExternalStore(toasterRequest.subscribe, toasterRequest.get, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}

/** Once the app has rendered, the prerendered page's 'signed in' hint (public/theme-init.js) has done its job. */
function ClearFirstPaintHints() {
  useEffect(() => {
    const html = document.documentElement;
    html.classList.remove('has-session');
    // The app has rendered (or hydrated the prerendered first paint): its buttons work from here on.
    html.setAttribute('data-app-ready', '');
  }, []);
  return null;
}

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
}

/**
 * Everything around the router, shared by the browser (main.tsx) and the build's prerender (entry-prerender.tsx), so
 * the prerendered markup is exactly what the browser's first render produces and can be hydrated in place.
 */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>{children}</SessionProvider>
      <AppToaster />
      <ClearFirstPaintHints />
    </QueryClientProvider>
  );
}
