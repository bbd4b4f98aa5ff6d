import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's one TanStack Query client, created on first need. The landing page '/' shows no server data through
 * Query, so its code (query-core, about 7 KB gzipped) is not part of what '/' downloads: every route that may use a
 * query waits for `loadQueryClient()` while its own code loads (app/route-tree.tsx, app/router.tsx), and
 * `AppProviders` hands the client to the tree once it exists (queryClientStore).
 * Anything rendered before that (the landing page and its header) must not call useQuery/useQueryClient.
 */
let client: QueryClient | null = null;
let loading: Promise<QueryClient> | null = null;
const listeners = new Set<() => void>();

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client-instance').then(({ createQueryClient }) => {
    client ??= createQueryClient();
    listeners.forEach((l) => l());
    return client;
  });
  return loading;
}

/** For useSyncExternalStore: the client once loaded, else null (also on the server: the prerender has none). */
export const queryClientStore = {
  get: (): QueryClient | null => client,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
