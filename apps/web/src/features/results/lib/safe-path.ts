/** A same-site path ('/x', not '//host' or 'https://…'), else null: result screens never redirect off-site. */
export function safePath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
}
