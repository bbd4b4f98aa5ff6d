import type { TCountResponse } from '@suite/shared/schemas/accounts';
import { api } from '@/lib/api';

/** Ends every user's sessions except the caller's (the security card calls it from its confirm dialog). */
export const revokeAllSessions = () => api<TCountResponse>('/api/admin/sessions/revoke-all', { method: 'POST' });
