import { Moon, Sun } from 'lucide-react';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { useTheme } from '@/lib/theme';
import { siteClasses } from './site-classes';

/** Switches between light and dark (the profile menu also offers 'system'). Accessible name: 다크 모드 전환. */
export function ThemeToggle() {
  const { resolvedTheme, setTheme } = useTheme();
  return (
    <button className={siteClasses.iconButton} onClick={() => setTheme(resolvedTheme === 'dark' ? 'light' : 'dark')} data-theme-state={resolvedTheme}>
      <Sun className="dark:hidden" aria-hidden="true" />
      <Moon className="hidden dark:block" aria-hidden="true" />
      <span className="sr-only">{koSiteShell.layout.toggleTheme}</span>
    </button>
  );
}
