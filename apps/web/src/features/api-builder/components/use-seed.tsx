import { ko } from '@suite/shared';
import { useSeeds } from '@/lib/seed-context';

/** The selected seed scopes every API-builder page. */
export function useSelectedSeed() {
  const { selected, isLoading } = useSeeds();
  return { seed: selected, isLoading };
}

export function NoSeed() {
  return <p className="text-sm text-muted-foreground break-keep">{ko.apiBuilder.ui.noSeed}</p>;
}

export const isManager = (role: string | undefined) => role === 'owner' || role === 'admin';

export function ManagersOnly() {
  return <p className="text-sm text-muted-foreground break-keep">{ko.apiBuilder.ui.managersOnly}</p>;
}
