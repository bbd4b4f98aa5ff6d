/**
 * Toss Payments' browser SDK, loaded from the URL the server hands out (TOSS_SDK_URL: Toss's own script in
 * production, the fake Toss in development and the e2e test) by one injected <script>, once per URL and page.
 */
export type TBillingAuthOptions = { customerKey: string; successUrl: string; failUrl: string };
type TTossPayments = { requestBillingAuth: (method: '카드', options: TBillingAuthOptions) => Promise<unknown> };
type TTossWindow = Window & { TossPayments?: (clientKey: string) => TTossPayments };

const loading = new Map<string, Promise<void>>();
/** The message of the error thrown when the script cannot be loaded or defines no TossPayments. */
export const SDK_FAILED = 'toss-sdk-unavailable';

export function loadScript(src: string): Promise<void> {
  let p = loading.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error(SDK_FAILED));
      };
      document.head.appendChild(script);
    });
    loading.set(src, p);
  }
  return p;
}

/** Loads the SDK and opens the card's billing-auth window; the window comes back to successUrl or failUrl. */
export async function openBillingAuth(sdkUrl: string, clientKey: string, options: TBillingAuthOptions): Promise<void> {
  await loadScript(sdkUrl);
  const factory = (window as TTossWindow).TossPayments;
  if (typeof factory !== 'function') throw new Error(SDK_FAILED);
  await factory(clientKey).requestBillingAuth('카드', options);
}
