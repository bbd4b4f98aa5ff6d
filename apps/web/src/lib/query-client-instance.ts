import { QueryClient } from '@tanstack/react-query';

/** The query client's options; loaded with the first route that may query (lib/query-client.ts). */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
}
