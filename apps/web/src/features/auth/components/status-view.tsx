import type { ReactNode } from 'react';
import { CheckCircle2, Loader2, UserPlus, XCircle, ShieldCheck } from 'lucide-react';

const icons = {
  loading: <Loader2 className="size-10 animate-spin text-primary" aria-hidden="true" />,
  checking: <ShieldCheck className="size-10 animate-pulse text-primary" aria-hidden="true" />,
  success: <CheckCircle2 className="size-10 text-emerald-600" aria-hidden="true" />,
  new_user: <UserPlus className="size-10 text-primary" aria-hidden="true" />,
  error: <XCircle className="size-10 text-destructive" aria-hidden="true" />,
};

/** Icon, title and message for a multi-state screen (callback, confirmation). */
export function StatusView({ state, title, message, children }: { state: keyof typeof icons; title: string; message: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center" role="status" aria-live="polite" data-state={state}>
      {icons[state]}
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground break-keep">{message}</p>
      {children}
    </div>
  );
}
