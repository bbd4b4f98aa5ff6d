import type { TCardAuth } from '@suite/shared/schemas/billing';
import { api } from '@/lib/api';

/**
 * GET /api/seeds/:seedId/billing/payment-methods/card/auth: what Toss's billing-auth window needs (client key, the
 * seed's customerKey, the SDK's URL, the return URLs), asked right before the window opens.
 */
export const getCardAuth = (seedId: string) => api<TCardAuth>(`/api/seeds/${seedId}/billing/payment-methods/card/auth`);
