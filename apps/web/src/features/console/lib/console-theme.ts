import { useCallback, useEffect, useState } from 'react';

export type TConsoleTheme = 'light' | 'dark' | 'system';
/** The console's theme is remembered separately from the site's (spec: seeds-theme, default system). */
const KEY = 'seeds-theme';
const EVENT = 'seeds-theme-change';

function apply(theme: TConsoleTheme) {
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

function read(key: string): TConsoleTheme {
  try {
    const v = localStorage.getItem(key);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

export function useConsoleTheme() {
  const [theme, setThemeState] = useState<TConsoleTheme>(() => read(KEY));
  useEffect(() => {
    apply(theme);
    const mql = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => theme === 'system' && apply('system');
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, [theme]);
  // Several switches (header, settings page) stay in step.
  useEffect(() => {
    const onChange = () => setThemeState(read(KEY));
    window.addEventListener(EVENT, onChange);
    return () => window.removeEventListener(EVENT, onChange);
  }, []);
  // Leaving the console gives the page back the site's own theme.
  useEffect(() => () => apply(read('theme')), []);
  const setTheme = useCallback((t: TConsoleTheme) => {
    try {
      localStorage.setItem(KEY, t);
    } catch {
      // storage unavailable
    }
    setThemeState(t);
    window.dispatchEvent(new Event(EVENT));
  }, []);
  return { theme, setTheme };
}
