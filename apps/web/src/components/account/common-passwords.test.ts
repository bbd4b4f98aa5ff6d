import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { compact } from '../../../../../scripts/compact-common-passwords.mjs';
import server from '../../../../server/src/modules/auth/common-passwords.txt?raw';
import web from './common-passwords.txt?raw';
import { loadCommonPasswords } from './common-passwords';

describe("the meter's common-password list", () => {
  it('is exactly the part of the server list a policy-valid password can hit (run scripts/compact-common-passwords.mjs)', () => {
    expect(web.split('\n').filter(Boolean)).toEqual(compact(server));
  });

  it('knows Password1 (the server refuses it; the meter must not call it strong)', async () => {
    const list = await loadCommonPasswords();
    expect(list.has('password1')).toBe(true);
    expect(list.has('haneul2026x')).toBe(false);
  });
});
