import { useQueryClient } from '@tanstack/react-query';
import { adKeys } from './keys';

/** After an app or settings write: every admin-builder query of the seed is fetched again. */
export function useInvalidateAdminBuilder(seedId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: adKeys.all(seedId) });
}

/** After a row write: every row list and row of the app is fetched again. */
export function useInvalidateAppRows(seedId: string, appId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: adKeys.appRows(seedId, appId) });
}
