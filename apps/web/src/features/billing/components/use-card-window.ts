import { useState } from 'react';
import { ko } from '@suite/shared';
import { toast } from '@/lib/toast';
import { getCardAuth } from '../api/get-card-auth';
import { openBillingAuth, SDK_FAILED } from '../lib/toss-sdk';

const p = ko.billing.ui.page.payment;

/**
 * Opens Toss Payments' card window for the seed: asks the server for the client key, the customer key and the
 * return URLs, loads the SDK from the server's sdkUrl, then requestBillingAuth('카드', …). The window comes back to
 * /admin/billing/card (billing-card-page.tsx), which registers the card.
 */
export function useCardWindow(seedId: string) {
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      const auth = await getCardAuth(seedId);
      await openBillingAuth(auth.sdkUrl, auth.clientKey, { customerKey: auth.customerKey, successUrl: auth.successUrl, failUrl: auth.failUrl });
    } catch (e) {
      // The server's refusal (ApiError) or Toss's own answer (e.g. the window closed) carries a Korean message.
      const m = typeof e === 'object' && e !== null ? (e as { message?: unknown }).message : undefined;
      toast.error(typeof m === 'string' && m && m !== SDK_FAILED ? m : p.sdkFailed);
    } finally {
      setOpening(false);
    }
  };
  return { open: () => void open(), opening };
}
