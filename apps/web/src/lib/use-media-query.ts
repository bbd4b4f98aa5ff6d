import { useSyncExternalStore } from 'react';

/** True while the media query matches (re-renders on change). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', notify);
      return () => mql.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The spec's mobile breakpoint: below 768 px. */
export function useIsMobile(): boolean {
  return useMediaQuery('(max-width: 767px)');
}
