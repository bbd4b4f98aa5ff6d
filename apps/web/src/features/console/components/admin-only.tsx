import type { ReactNode } from 'react';
import { ShieldAlert } from 'lucide-react';
import { ko } from '@suite/shared';
import { useSession } from '@/lib/session';

/** Mirrors the server's rule on screen (the server answers 403 anyway). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user?.role !== 'admin') {
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-center text-muted-foreground" role="alert">
        <ShieldAlert className="size-10" aria-hidden="true" />
        <p>{ko.consoleUi.forbidden}</p>
      </div>
    );
  }
  return <>{children}</>;
}
