/**
 * Where the adapters report each call to an outside service (SMTP, Slack, the language model, Google, Kakao, Naver):
 * success, or failure with a short reason (an error code or status, never a URL, token or message body). The adapters
 * are plain functions made in many places, so they report here rather than through a handle each caller would pass
 * on; the monitoring module listens (one listener per app) and keeps the latest per service in the database, where
 * every instance reads it. Without a listener a report costs nothing.
 */
import type { TOutsideServiceName } from '@suite/shared/schemas/monitoring';

export type TOutsideReport = { service: TOutsideServiceName; ok: boolean; error?: string };
type TListener = (report: TOutsideReport) => void;

const listeners = new Set<TListener>();

export function reportOutside(service: TOutsideServiceName, ok: boolean, error?: string): void {
  if (!listeners.size) return;
  const report: TOutsideReport = ok ? { service, ok } : { service, ok, error: (error ?? 'failed').slice(0, 120) };
  for (const listener of listeners) {
    try {
      listener(report);
    } catch {
      // A listener's failure never reaches the adapter's caller.
    }
  }
}

/** Listens to every report; returns the function that stops listening. */
export function onOutsideReport(listener: TListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
