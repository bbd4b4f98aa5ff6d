import { ko } from '@suite/shared';
import { useSeeds } from '@/lib/seed-context';

/** The selected seed scopes every rooms page. */
export function useSelectedSeed() {
  const { selected, isLoading } = useSeeds();
  return { seed: selected, isLoading };
}

export function NoSeed() {
  return <p className="text-sm text-muted-foreground">{ko.rooms.ui.noSeed}</p>;
}
