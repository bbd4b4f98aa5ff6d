import { createHmac, createSecretKey, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { TConfig } from '../config.ts';
import { signHs256, tokenService, TokenError, verifyHs256 } from './tokens.ts';

const part = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const NOW = 1_800_000_000;

describe('HS256 tokens with node:crypto, held to jose (issue 18)', () => {
  it('signs the same compact JWS jose signs', async () => {
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
    const mangled = [
      good,
      `${h}.${p}.`,
      `${h}.${p}`,
      `${h}.${p}.${s}.`,
      `${h}.${p}.${s}=`,
      ` ${good}`,
      `${h}.${part({ ...base, sub: 'admin' })}.${s}`,
      `${part({ alg: 'none' })}.${p}.`,
      `${part({ alg: 'none' })}.${p}.${s}`,
      signed({ alg: 'HS256' }, base, randomBytes(32)),
      `${h.toUpperCase()}.${p}.${s}`,
      `${h}.${p}.${s.slice(0, -1)}`,
      `${h}.${p}.${s}${s}`,
      '',
      '..',
      'a.b.c',
      `${h}.${'A'.repeat(9000)}.${s}`,
      ...Array.from({ length: 40 }, (_, i) => {
        const at = (i * 7) % good.length;
        const c = good[at] === 'A' ? 'B' : 'A';
        return good.slice(0, at) + c + good.slice(at + 1);
      }),
    ];
    for (const token of mangled) expect({ token, ours: byUs(token) }).toEqual({ token, ours: await byJose(token) });
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
});
