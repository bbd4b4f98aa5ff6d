import { createHmac, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { TConfig } from '../config.ts';
import { tokenService, TokenError, verifyHs256 } from './tokens.ts';

/** A compact HS256 JWS, signed here: the tests forge tokens with it (checked below to match jose's bytes). */
function signHs256(key: KeyObject, payload: Record<string, unknown>): string {
  const input = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}

const part = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const NOW = 1_800_000_000;

describe('HS256 tokens with node:crypto, held to jose (issue 18)', () => {
  it('forges tokens in the bytes jose signs (the helper these tests use)', async () => {
    const raw = randomBytes(32);
    const payload = { sub: 'u-1', sid: 's-1', name: '홍길동 ✓', iat: NOW, exp: NOW + 3600 };
    const ours = signHs256(createSecretKey(raw), payload);
    expect(ours).toBe(await new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new Uint8Array(raw)));
  });

  it('accepts and refuses exactly what jose accepts and refuses', async () => {
    const raw = randomBytes(32);
    const key = createSecretKey(raw);
    const check = { issuer: 'company-tools', audience: 'company-tools:access', requiredClaims: ['sub', 'sid', 'exp', 'iat'] } as const;
    const byJose = (token: string) =>
      jwtVerify(token, new Uint8Array(raw), {
        algorithms: ['HS256'],
        issuer: check.issuer,
        audience: check.audience,
        requiredClaims: [...check.requiredClaims],
        currentDate: new Date(NOW * 1000),
      }).then(
        (r) => r.payload as unknown,
        () => null,
      );
    const byUs = (token: string) => {
      try {
        return verifyHs256(token, key, check, NOW) as unknown;
      } catch (err) {
        expect(err).toBeInstanceOf(TokenError);
        return null;
      }
    };
    // Signed with the right key whatever the header and payload say (what an attacker cannot do, and what a bug of
    // ours could): the verdict must still follow the claims.
    const signed = (header: unknown, payload: unknown, k = raw) => {
      const input = `${part(header)}.${part(payload)}`;
      return `${input}.${createHmac('sha256', k).update(input).digest('base64url')}`;
    };
    const base = { sub: 'u-1', sid: 's-1', iss: check.issuer, aud: check.audience, iat: NOW - 10, exp: NOW + 100 };
    const without = (k: keyof typeof base) => Object.fromEntries(Object.entries(base).filter(([x]) => x !== k));
    const headers: unknown[] = [
      { alg: 'HS256', typ: 'JWT' },
      { alg: 'HS256' },
      { alg: 'HS256', typ: 'other', kid: 'k1' },
      { alg: 'hs256' },
      { alg: 'HS512' },
      { alg: 'none' },
      { alg: 'HS256', crit: ['exp'] },
      { alg: 'HS256', b64: false, crit: ['b64'] },
      ['HS256'],
      'HS256',
      null,
    ];
    const payloads: unknown[] = [
      base,
      { ...base, exp: NOW },
      { ...base, exp: NOW + 1 },
      { ...base, exp: String(NOW + 100) },
      { ...base, nbf: NOW + 1 },
      { ...base, nbf: NOW },
      { ...base, nbf: 'soon' },
      { ...base, iat: String(NOW) },
      { ...base, iat: NOW + 1000 },
      { ...base, aud: ['other', check.audience] },
      { ...base, aud: ['other'] },
      { ...base, aud: 7 },
      { ...base, aud: 'company-tools:refresh' },
      { ...base, iss: 'someone-else' },
      { ...base, sub: 12, extra: { nested: [1, 2] }, name: '한글 이름' },
      without('sub'),
      without('sid'),
      without('iss'),
      without('aud'),
      without('iat'),
      without('exp'),
      [base],
      null,
      'a string',
      5,
    ];
    let accepted = 0;
    for (const h of headers) {
      for (const p of payloads) {
        const token = signed(h, p);
        const ours = byUs(token);
        expect({ h, p, ours }).toEqual({ h, p, ours: await byJose(token) });
        if (ours) accepted++;
      }
    }
    expect(accepted).toBeGreaterThan(10);

    // Mangled tokens, another key, and shapes that are not tokens at all.
    const good = signed({ alg: 'HS256', typ: 'JWT' }, base);
    const [h, p, s] = good.split('.') as [string, string, string];
    const swap = (str: string, at: number, c: string) => str.slice(0, at) + c + str.slice(at + 1);
    const mangled = [
      good,
      `${h}.${p}.`,
      `${h}.${p}`,
      `${h}.${p}.${s}.`,
      ` ${good}`,
      `${h}.${part({ ...base, sub: 'admin' })}.${s}`,
      `${part({ alg: 'none' })}.${p}.`,
      `${part({ alg: 'none' })}.${p}.${s}`,
      signed({ alg: 'HS256' }, base, randomBytes(32)),
      `${h.toUpperCase()}.${p}.${s}`,
      `${h}.${p}.${s.slice(0, -1)}`,
      `${h}.${p}.${s}${s}`,
      `${h}.${p}.${swap(s, 5, '+')}`,
      `${h}.${p}.${swap(s, 5, '/')}`,
      `${h}.${p}.${swap(s, 5, '*')}`,
      `${h}.${p.slice(0, 4)} ${p.slice(4)}.${s}`,
      '',
      '..',
      'a.b.c',
      `${h}.${'A'.repeat(9000)}.${s}`,
      ...Array.from({ length: 40 }, (_, i) => {
        const at = (i * 7) % good.length;
        return swap(good, at, good[at] === 'A' ? 'B' : 'A');
      }),
    ];
    for (const token of mangled) expect({ token, ours: byUs(token) }).toEqual({ token, ours: await byJose(token) });
    // Other spellings of the same signature (padding, unused low bits of the last character, a trailing newline),
    // which jose takes: we take only the one we write.
    const last = s.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBits = [...alphabet].filter((c) => c !== last && alphabet.indexOf(c) >> 2 === alphabet.indexOf(last) >> 2);
    expect(sameBits).toHaveLength(3);
    for (const token of [`${h}.${p}.${s}=`, `${h}.${p}.${s}==`, `${good}\n`, ...sameBits.map((c) => `${h}.${p}.${s.slice(0, -1)}${c}`)]) {
      expect(byUs(token)).toBeNull();
    }
    expect(await byJose(`${h}.${p}.${s.slice(0, -1)}${sameBits[0]}`)).not.toBeNull();
  });

  it('issues access and refresh tokens with their own audience, issuer, times and key, each verified only as itself', async () => {
    const tokens = tokenService({ authSecret: randomBytes(48).toString('base64url') } as TConfig);
    const before = Math.floor(Date.now() / 1000);
    const access = await tokens.signAccess({
      sub: 'u-1',
      sid: 's-1',
      email: 'a@example.com',
      full_name: '가나',
      phone: '',
      provider: 'email',
      email_verified: true,
      marketing_consent: false,
      created_at: '2026-11-26T00:00:00.000Z',
      role: 'user',
    });
    const claims = await tokens.verifyAccess(access);
    expect(claims).toMatchObject({ sub: 'u-1', sid: 's-1', iss: 'company-tools', aud: 'company-tools:access' });
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.exp - claims.iat).toBe(3600);
    const refresh = await tokens.signRefresh({ sub: 'u-1', sid: 's-1', jti: 'j-1', exp: before + 100 });
    expect(refresh.expiresAt.getTime()).toBe((before + 100) * 1000);
    expect(await tokens.verifyRefresh(refresh.token)).toMatchObject({ sub: 'u-1', sid: 's-1', jti: 'j-1', exp: before + 100, aud: 'company-tools:refresh' });
    await expect(tokens.verifyAccess(refresh.token)).rejects.toThrow(TokenError);
    await expect(tokens.verifyRefresh(access)).rejects.toThrow(TokenError);
    // Another instance's secret: refused.
    const other = tokenService({ authSecret: randomBytes(48).toString('base64url') } as TConfig);
    await expect(other.verifyAccess(access)).rejects.toThrow(TokenError);
  });

  it('keeps the access and refresh keys apart, and holds each token to its own claims', async () => {
    const authSecret = randomBytes(48).toString('base64url');
    const tokens = tokenService({ authSecret } as TConfig);
    const keyOf = (info: string) => createSecretKey(Buffer.from(hkdfSync('sha256', authSecret, 'company-tools', info, 32)));
    const [accessKey, refreshKey] = [keyOf('access-token-v1'), keyOf('refresh-token-v1')];
    const now = Math.floor(Date.now() / 1000);
    const access = { sub: 'u-1', sid: 's-1', iss: 'company-tools', aud: 'company-tools:access', iat: now, exp: now + 60 };
    const refresh = { sub: 'u-1', sid: 's-1', jti: 'j-1', iss: 'company-tools', aud: 'company-tools:refresh', iat: now, exp: now + 60 };
    // The right claims under the other purpose's key are refused: the keys differ, not only the audiences.
    expect(await tokens.verifyAccess(signHs256(accessKey, access))).toMatchObject({ sid: 's-1' });
    await expect(tokens.verifyAccess(signHs256(refreshKey, access))).rejects.toThrow(TokenError);
    expect(await tokens.verifyRefresh(signHs256(refreshKey, refresh))).toMatchObject({ jti: 'j-1' });
    await expect(tokens.verifyRefresh(signHs256(accessKey, refresh))).rejects.toThrow(TokenError);
    // Each purpose's required claims, and the ids as strings (they reach SQL and a hash).
    const { iat: _iat, ...noIat } = access;
    await expect(tokens.verifyAccess(signHs256(accessKey, noIat))).rejects.toThrow(/missing iat/);
    await expect(tokens.verifyAccess(signHs256(accessKey, { ...access, sid: 7 }))).rejects.toThrow(/sid/);
    await expect(tokens.verifyAccess(signHs256(accessKey, { ...access, sub: ['u-1'] }))).rejects.toThrow(/sub/);
    const { jti: _jti, ...noJti } = refresh;
    await expect(tokens.verifyRefresh(signHs256(refreshKey, noJti))).rejects.toThrow(/missing jti/);
    await expect(tokens.verifyRefresh(signHs256(refreshKey, { ...refresh, jti: { id: 1 } }))).rejects.toThrow(/jti/);
    // A claim inherited from Object.prototype is not a claim.
    const inherited = Object.create({ sid: 's-1' }) as Record<string, unknown>;
    Object.assign(inherited, { sub: 'u-1', iss: 'company-tools', aud: 'company-tools:access', iat: now, exp: now + 60 });
    expect(
      verifyHs256(signHs256(accessKey, { ...access }), accessKey, { issuer: 'company-tools', audience: 'company-tools:access', requiredClaims: ['sid'] }),
    ).toBeTruthy();
    expect(() =>
      verifyHs256(signHs256(accessKey, { ...inherited }), accessKey, { issuer: 'company-tools', audience: 'company-tools:access', requiredClaims: ['sid'] }),
    ).toThrow(/missing sid/);
  });
});
