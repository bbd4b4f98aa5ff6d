import { ko, passwordStrength } from '@suite/shared';
import { cn } from '@/lib/utils';
import { useIsCommonPassword } from './common-passwords';

const colours = ['bg-red-500', 'bg-amber-500', 'bg-emerald-500', 'bg-emerald-600'];

/** Four displayed levels (weak, normal, strong, very strong) from the spec's 0–5 score, with hints. */
export function StrengthMeter({ password }: { password: string }) {
  const common = useIsCommonPassword(password);
  if (!password) return null;
  const scored = passwordStrength(password);
  // A password on the server's common list is weak whatever its character mix: the server refuses it.
  const s = common ? { level: 0 as const, hints: [ko.auth.validation.passwordCommon, ...scored.hints] } : scored;
  const label = ko.auth.strength.levels[s.level];
  return (
    <div className="grid gap-1.5" aria-live="polite">
      <div className="flex gap-1" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className={cn('h-1.5 flex-1 rounded-full bg-muted', i <= s.level && colours[s.level])} />
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        {ko.authUi.signup.strength}:{' '}
        <span className="font-medium text-foreground" data-testid="strength-level">
          {label}
        </span>
      </p>
      {s.hints.length ? (
        <ul className="grid gap-0.5 text-xs text-muted-foreground">
          {s.hints.map((h) => (
            <li key={h}>· {h}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
