import { Moon, Sun } from 'lucide-react';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { Button } from '@/components/ui/button';
import { useTheme } from '@/lib/theme';

/** Switches between light and dark (the profile menu also offers 'system'). Accessible name: 'Toggle theme'. */
export function ThemeToggle() {
  const { resolvedTheme, setTheme } = useTheme();
  return (
    <Button variant="ghost" size="icon" onClick={() => setTheme(resolvedTheme === 'dark' ? 'light' : 'dark')} data-theme-state={resolvedTheme}>
      <Sun className="dark:hidden" aria-hidden="true" />
      <Moon className="hidden dark:block" aria-hidden="true" />
      <span className="sr-only">{koSiteShell.layout.toggleTheme}</span>
    </Button>
  );
}
