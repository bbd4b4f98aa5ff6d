import { useEffect, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { SessionProvider } from '@/lib/session';
import { useDocumentTheme } from '@/lib/theme';

/** sonner with the spec's numbers, in the theme the page shows. */
function AppToaster() {
  const theme = useDocumentTheme();
  return <Toaster theme={theme} position="top-center" duration={4000} visibleToasts={3} gap={14} hotkey={['altKey', 'KeyT']} richColors />;
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
