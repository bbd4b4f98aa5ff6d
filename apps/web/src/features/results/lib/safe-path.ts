import { sameOriginPath } from '@/lib/redirect';

/** A same-origin path, else null: result screens never redirect off-site (the one rule in lib/redirect.ts). */
export function safePath(value: unknown): string | null {
  return sameOriginPath(value);
}
