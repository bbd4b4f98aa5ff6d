import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { queryClientStore } from '@/lib/query-client';
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

/**
 * QueryClientProvider for a client that arrives later (lib/query-client.ts): the same context and the same
 * mount/unmount as TanStack's provider, but the element tree is identical before and after the client exists, so its
 * arrival re-renders the consumers instead of remounting the app. Routes that may query wait for the client before
 * they render, so no useQuery runs while it is missing.
 */
function DeferredQueryClientProvider({ children }: { children: ReactNode }) {
  const client = useSyncExternalStore(queryClientStore.subscribe, queryClientStore.get, () => null);
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return <QueryClientContext.Provider value={client ?? undefined}>{children}</QueryClientContext.Provider>;
}

/**
 * Everything around the router, shared by the browser (main.tsx) and the build's prerender (entry-prerender.tsx), so
 * the prerendered markup is exactly what the browser's first render produces and can be hydrated in place.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <DeferredQueryClientProvider>
      <SessionProvider>{children}</SessionProvider>
      <AppToaster />
      <ClearFirstPaintHints />
    </DeferredQueryClientProvider>
  );
}
