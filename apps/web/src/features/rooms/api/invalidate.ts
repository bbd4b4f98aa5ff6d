import { useQueryClient } from '@tanstack/react-query';
import { roomKeys } from './keys';

/** After a write: every query of the seed's rooms feature is fetched again. */
export function useInvalidateRooms(seedId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: roomKeys.all(seedId) });
}
