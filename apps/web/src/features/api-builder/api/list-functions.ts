import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZDbFunctionList } from '@suite/shared/schemas/api-builder';
import { api } from '@/lib/api';
import { abBase, abKeys } from './keys';

/** The database's functions (issue 36), to publish for `/rpc/{function}`. */
const fetchFunctions = (seedId: string, connectionId: string) =>
  api<z.infer<typeof ZDbFunctionList>>(`${abBase(seedId)}/connections/${connectionId}/functions`);
export const useDbFunctions = (seedId: string, connectionId: string) =>
  useQuery({ queryKey: [...abKeys.all(seedId), 'functions', connectionId], queryFn: () => fetchFunctions(seedId, connectionId), retry: false });
