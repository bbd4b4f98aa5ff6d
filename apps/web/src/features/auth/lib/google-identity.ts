/** Google Identity Services, loaded only when the server has a Google client id. */
type TGoogleId = {
  initialize: (o: { client_id: string; callback: (r: { credential?: string }) => void; auto_select?: boolean; use_fedcm_for_prompt?: boolean }) => void;
  renderButton: (el: HTMLElement, o: Record<string, unknown>) => void;
  prompt: () => void;
  cancel: () => void;
};
type TWindowWithGoogle = Window & { google?: { accounts?: { id?: TGoogleId } } };

const SCRIPT = 'https://accounts.google.com/gsi/client';
export const GOOGLE_POLL_MS = 100;
export const GOOGLE_TIMEOUT_MS = 10_000;

export function googleId(): TGoogleId | undefined {
  return (window as TWindowWithGoogle).google?.accounts?.id;
}

/** Injects the script once and resolves when `google.accounts.id` is ready (polled every 100 ms, 10 s at most). */
export function loadGoogleIdentity(): Promise<TGoogleId> {
  if (!document.querySelector(`script[src="${SCRIPT}"]`)) {
    const s = document.createElement('script');
    s.src = SCRIPT;
    s.async = true;
    document.head.appendChild(s);
  }
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      const id = googleId();
      if (id) {
        clearInterval(timer);
        resolve(id);
      } else if (Date.now() - started >= GOOGLE_TIMEOUT_MS) {
        clearInterval(timer);
        reject(new Error('timeout'));
      }
    }, GOOGLE_POLL_MS);
  });
}

/** Reads name and email from an ID token's payload, for display only (the server verifies the token). */
export function googleProfile(credential: string): { email: string; full_name: string } | null {
  try {
    const part = credential.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(part), (c) => c.charCodeAt(0)))) as {
      email?: string;
      name?: string;
    };
    return json.email ? { email: json.email, full_name: json.name ?? json.email.split('@')[0]! } : null;
  } catch {
    return null;
  }
}
