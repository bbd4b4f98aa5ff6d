import { useCallback, useSyncExternalStore } from 'react';

export type TTheme = 'system' | 'light' | 'dark';
export const THEMES: readonly TTheme[] = ['system', 'light', 'dark'];
/** The site's storage key; the console keeps its own ('seeds-theme'). public/theme-init.js reads the same keys before paint. */
export const SITE_THEME_KEY = 'theme';

const listeners = new Set<() => void>();
const media = () => (typeof window === 'undefined' ? null : window.matchMedia('(prefers-color-scheme: dark)'));

function read(key: string): TTheme {
  try {
    const v = localStorage.getItem(key);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

export function resolveTheme(theme: TTheme): 'light' | 'dark' {
  if (theme !== 'system') return theme;
  return media()?.matches ? 'dark' : 'light';
}

/** Puts the resolved theme on <html> (class and color-scheme), as theme-init.js does before the first paint. */
export function applyTheme(theme: TTheme): void {
  const resolved = resolveTheme(theme);
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', resolved === 'dark' ? '#15171c' : '#ffffff');
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  const mq = media();
  mq?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    mq?.removeEventListener('change', listener);
  };
}

/**
 * The saved theme (light, dark or system; default system), persisted under `storageKey` and shared by every
 * component and tab that uses the same key. No provider needed.
 */
export function useTheme(storageKey: string = SITE_THEME_KEY) {
  const theme = useSyncExternalStore(
    subscribe,
    () => read(storageKey),
    () => 'system' as TTheme,
  );
  const resolved = useSyncExternalStore(
    subscribe,
    () => resolveTheme(read(storageKey)),
    () => 'light' as const,
  );
  const setTheme = useCallback(
    (next: TTheme) => {
      try {
        if (next === 'system') localStorage.removeItem(storageKey);
        else localStorage.setItem(storageKey, next);
      } catch {
        // Storage unavailable: the choice lasts for this page only.
      }
      applyTheme(next);
      listeners.forEach((l) => l());
    },
    [storageKey],
  );
  return { theme, resolvedTheme: resolved, setTheme };
}

/** The theme actually on <html> right now (site or console key alike), e.g. for portals such as the toaster. */
export function useDocumentTheme(): 'light' | 'dark' {
  return useSyncExternalStore(
    (listener) => {
      const observer = new MutationObserver(listener);
      observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
      return () => observer.disconnect();
    },
    () => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'),
    () => 'light' as const,
  );
}
