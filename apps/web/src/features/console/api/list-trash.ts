import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTrashResponse } from '@suite/shared/schemas/admin';
import { api } from '@/lib/api';
import { consoleKeys } from './keys';

/** Deleted users that can still be restored. */
export const listTrash = () => api<TTrashResponse>('/api/admin/users/trash');
export const listTrashQuery = () => queryOptions({ queryKey: consoleKeys.trash, queryFn: listTrash });
export const useTrash = () => useQuery(listTrashQuery());
