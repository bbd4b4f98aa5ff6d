import { useSyncExternalStore } from 'react';
import type { TAuthConfig } from '@suite/shared';
import { api } from '@/lib/api';

/**
 * What the server lets the browser know about its configuration (GET /api/auth/config, a whitelist): Google client id,
 * confirmation policy, the operator's legal details, whether Slack can be connected. Fetched once per page load and
 * shared by every caller; deliberately not a react-query hook, so the first page (footer, quick connect) does not load
 * the query library's hooks for it (the JavaScript budget of '/').
 */
let request: Promise<TAuthConfig> | undefined;
let result: { data?: TAuthConfig; error?: Error } = {};
const listeners = new Set<() => void>();

function load(): Promise<TAuthConfig> {
  request ??= api<TAuthConfig>('/api/auth/config', { auth: false }).then(
    (data) => {
      result = { data };
      listeners.forEach((l) => l());
      return data;
    },
    (error: Error) => {
      result = { error };
      request = undefined;
      listeners.forEach((l) => l());
      throw error;
    },
  );
  return request;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!result.data) load().catch(() => undefined);
  return () => listeners.delete(listener);
}

const snapshot = () => result;

/** Every caller re-renders when the one answer arrives, whenever it mounted (an external store, not an effect). */
export function usePublicConfig(): { data: TAuthConfig | undefined; error: Error | undefined; isLoading: boolean } {
  const r = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { data: r.data, error: r.error, isLoading: !r.data && !r.error };
}
