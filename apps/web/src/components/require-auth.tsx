import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loader2 } from 'lucide-react';
import { ko } from '@suite/shared';
import { useSession } from '@/lib/session';

/** Renders children for a signed-in user; a spinner with 로딩 중... while the session loads; else /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3" role="status" aria-live="polite">
        <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
        <p className="text-sm text-muted-foreground">{ko.common.loading}</p>
      </div>
    );
  }
  if (!isAuthenticated) {
    const here = location.pathname + location.search;
    return <Navigate to={`/login?redirect=${encodeURIComponent(here)}`} replace state={{ from: location.pathname }} />;
  }
  return <>{children}</>;
}
