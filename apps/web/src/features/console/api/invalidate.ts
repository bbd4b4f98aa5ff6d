import { useQueryClient } from '@tanstack/react-query';
import { seedsQueryKey } from '@/lib/seed-context';
import { consoleKeys } from './keys';

/** After an admin action on users: the user lists and the audit log reload. */
export function useInvalidateAdminUsers() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: consoleKeys.users });
    void qc.invalidateQueries({ queryKey: consoleKeys.audit });
  };
}

/** After a seed is created, renamed or deleted: the seed list (awaited) and the console summary reload. */
export function useInvalidateSeeds() {
  const qc = useQueryClient();
  return async () => {
    // The member's console summary counts seeds (its 'no seed yet' guidance goes away with the first one).
    void qc.invalidateQueries({ queryKey: consoleKeys.summary });
    await qc.invalidateQueries({ queryKey: seedsQueryKey });
  };
}
