import { Monitor, Moon, Sun } from 'lucide-react';
import { ko } from '@suite/shared';
import { useConsoleTheme, type TConsoleTheme } from '@/features/console/lib/console-theme';

const h = ko.consoleUi.header;
const themes: { value: TConsoleTheme; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: h.themeLight, icon: Sun },
  { value: 'dark', label: h.themeDark, icon: Moon },
  { value: 'system', label: h.themeSystem, icon: Monitor },
];

export function ThemeSwitch() {
  const { theme, setTheme } = useConsoleTheme();
  return (
    <div role="radiogroup" aria-label={h.theme} className="inline-flex rounded-md border p-0.5">
      {themes.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={theme === value}
          aria-label={label}
          title={label}
          onClick={() => setTheme(value)}
          className="inline-flex size-7 items-center justify-center rounded-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-checked:bg-accent aria-checked:text-foreground"
        >
          <Icon className="size-4" aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}
