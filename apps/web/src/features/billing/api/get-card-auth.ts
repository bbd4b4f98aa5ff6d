import { api } from '@/lib/api';

/** What the browser needs to open Toss Payments' billing-auth window (the client key is public by design). */
export type TCardAuth = { clientKey: string; customerKey: string; sdkUrl: string; successUrl: string; failUrl: string };

/** GET /api/seeds/:seedId/billing/payment-methods/card/auth: asked right before the window opens. */
export const getCardAuth = (seedId: string) => api<TCardAuth>(`/api/seeds/${seedId}/billing/payment-methods/card/auth`);
