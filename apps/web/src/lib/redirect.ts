/**
 * The one rule for following a `redirect`/`next` parameter (no open redirects, issue 11 item 3):
 * the raw value may hold no control characters and no backslashes (browsers drop tabs/newlines and read `\` as `/`,
 * so `/\t/evil.example` or `/\evil.example` become `//evil.example`); it is resolved with
 * `new URL(target, location.origin)` and followed only when the result is on the app's own origin.
 * Returns the same-origin path + query + hash, or `fallback`.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\\]/;

export function safeRedirect(target: string | null | undefined, fallback = '/', origin = currentOrigin()): string {
  return sameOriginPath(target, origin) ?? fallback;
}

/** The same-origin path of `target`, or null. */
export function sameOriginPath(target: unknown, origin = currentOrigin()): string | null {
  if (typeof target !== 'string' || !target || FORBIDDEN.test(target)) return null;
  if (!target.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return url.pathname + url.search + url.hash;
}

function currentOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}
