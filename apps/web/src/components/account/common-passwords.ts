import { useEffect, useState } from 'react';

let loaded: Promise<Set<string>> | undefined;

/**
 * The common passwords a policy-valid password could equal (scripts/compact-common-passwords.mjs), in a chunk of its
 * own loaded on first use: about 90 KB raw, 45 KB gzipped, never in the bundle of a page that has no password field.
 */
export function loadCommonPasswords(): Promise<Set<string>> {
  loaded ??= import('./common-passwords.txt?raw').then((m) => new Set(m.default.split('\n').filter(Boolean)));
  return loaded;
}

/** Whether the password is on the server's common list; null while the list loads (or could not load). */
export function useIsCommonPassword(password: string): boolean | null {
  const [list, setList] = useState<Set<string> | null>(null);
  useEffect(() => {
    if (!password || list) return;
    let alive = true;
    loadCommonPasswords().then(
      (s) => alive && setList(s),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [password, list]);
  return list ? list.has(password.toLowerCase()) : null;
}
