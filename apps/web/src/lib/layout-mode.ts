import { useCallback, useSyncExternalStore } from 'react';

export type TLayoutMode = 'compact' | 'wide';
export const LAYOUT_MODES: readonly TLayoutMode[] = ['compact', 'wide'];
export const LAYOUT_MODE_KEY = 'layout-mode';

const listeners = new Set<() => void>();

function read(): TLayoutMode {
  try {
    return localStorage.getItem(LAYOUT_MODE_KEY) === 'wide' ? 'wide' : 'compact';
  } catch {
    return 'compact';
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Content width: 'compact' (default, max screen-xl) or 'wide' (full container), persisted under `layout-mode`. */
export function useLayoutMode() {
  const mode = useSyncExternalStore(subscribe, read, () => 'compact' as TLayoutMode);
  const setMode = useCallback((next: TLayoutMode) => {
    try {
      localStorage.setItem(LAYOUT_MODE_KEY, next);
    } catch {
      // Storage unavailable: the choice lasts for this page only.
    }
    listeners.forEach((l) => l());
  }, []);
  const toggle = useCallback(() => setMode(read() === 'wide' ? 'compact' : 'wide'), [setMode]);
  return { mode, setMode, toggle };
}

/** The container classes for a mode: wide spans the whole container, compact stops at screen-xl. */
export function containerClass(mode: TLayoutMode): string {
  return mode === 'wide' ? 'w-full px-4 sm:px-6 lg:px-8' : 'mx-auto w-full max-w-screen-xl px-4 sm:px-6 lg:px-8';
}
