import { useCallback, useSyncExternalStore } from 'react';

/** Whether a media query matches now (updates on change). False during the first render on the server. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const mq = window.matchMedia(query);
      mq.addEventListener('change', listener);
      return () => mq.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Tailwind's lg breakpoint (64rem). */
export const LG_QUERY = '(min-width: 64rem)';
