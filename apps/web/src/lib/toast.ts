import type { ReactNode } from 'react';
import type { ExternalToast } from 'sonner';
import { koHelpUi } from '@suite/shared/messages/ko-help-ui';
import { ApiError } from '@/lib/api';

/**
 * The app's toasts. sonner (about 9 KB gzipped) is loaded with the first toast instead of with every page: most first
 * visits, '/' included, show none. The first toast asks for the toaster to be mounted (app/app-providers.tsx) and is
 * shown once it has subscribed; later toasts go straight through.
 */
type TKind = 'success' | 'error' | 'info' | 'warning';

let requested = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

/** For the toaster host: whether a toast has asked for it yet. */
export const toasterRequest = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => requested,
};

/** Called by the toaster once it listens (its own effects have run). */
export function toasterMounted() {
  markMounted();
}

function show(kind: TKind, message: ReactNode, options?: ExternalToast) {
  if (!requested) {
    requested = true;
    for (const l of listeners) l();
  }
  // A chunk that cannot load (a deploy replaced it, the network dropped) loses this toast, never the page.
  Promise.all([import('sonner'), mounted])
    .then(([sonner]) => sonner.toast[kind](message, options))
    .catch(() => undefined);
}

export const toast = {
  success: (message: ReactNode, options?: ExternalToast) => show('success', message, options),
  error: (message: ReactNode, options?: ExternalToast) => show('error', message, options),
  info: (message: ReactNode, options?: ExternalToast) => show('info', message, options),
  warning: (message: ReactNode, options?: ExternalToast) => show('warning', message, options),
};

/**
 * An error toast for a failed request: the error's (server's Korean) message, or `fallback` when it has none, with a
 * '도움말 보기' action that opens the article the server named for it (ApiError.helpUrl) in a new tab.
 */
export function toastError(err: unknown, fallback?: string, options?: ExternalToast) {
  const message = err instanceof Error && err.message ? err.message : (fallback ?? '');
  show('error', message, { ...options, ...helpAction(err) });
}

/** The '도움말 보기' action for a toast about `err` (for toasts with their own title), or nothing without an article. */
export function helpAction(err: unknown): Pick<ExternalToast, 'action'> {
  const helpUrl = err instanceof ApiError ? err.helpUrl : undefined;
  return helpUrl ? { action: { label: koHelpUi.errorLink, onClick: () => void window.open(helpUrl, '_blank', 'noopener') } } : {};
}
