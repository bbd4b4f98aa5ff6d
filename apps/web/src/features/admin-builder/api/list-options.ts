import type { TAdminOptionsResponse } from '@suite/shared/schemas/admin-builder';
import { api } from '@/lib/api';
import { adTableBase } from './keys';

/** The foreign-key pick list of a referenced table, searched over its display column (called as the user types). */
export const listOptions = (seedId: string, appId: string, table: string, q: string) =>
  api<TAdminOptionsResponse>(`${adTableBase(seedId, appId, table)}/options?q=${encodeURIComponent(q)}`);
