/**
 * Recomputes a draw in the browser with Web Crypto (SubtleCrypto), independently of the server's code, following the
 * formula in the README: commitment = SHA-256(serverSeed hex text); h = HMAC-SHA256(key = serverSeed hex text,
 * roundId + ':' + client seeds by user id joined with ':'); payer = uint32be(h[0..4]) mod n; further payers use
 * roundId + ':' + k + ':' + seeds over the remaining participants.
 */
import type { TMealDraw } from '@suite/shared/schemas/meal';

const enc = new TextEncoder();
const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', enc.encode(text)));
}

async function hmacHex(key: string, message: string): Promise<string> {
  const k = await crypto.subtle.importKey('raw', enc.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', k, enc.encode(message)));
}

export type TVerification = {
  commitment: boolean;
  h: boolean;
  payers: boolean;
  ok: boolean;
  recomputed: { commitment: string; h: string; payerIds: string[] };
};

export async function verifyDraw(roundId: string, draw: TMealDraw, payerCount: number): Promise<TVerification> {
  const ordered = [...draw.clientSeeds].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const seeds = ordered.map((c) => c.clientSeed).join(':');
  const commitment = await sha256Hex(draw.serverSeed);
  const h = await hmacHex(draw.serverSeed, `${roundId}:${seeds}`);
  const remaining = ordered.map((c) => c.userId);
  const payerIds: string[] = [];
  for (let k = 0; k < Math.min(payerCount, ordered.length); k++) {
    const hk = k === 0 ? h : await hmacHex(draw.serverSeed, `${roundId}:${k}:${seeds}`);
    const i = Number.parseInt(hk.slice(0, 8), 16) % remaining.length;
    payerIds.push(remaining.splice(i, 1)[0]!);
  }
  const result = {
    commitment: commitment === draw.commitment,
    h: h === draw.h,
    payers: payerIds.join() === draw.payers.map((p) => p.userId).join(),
  };
  return { ...result, ok: result.commitment && result.h && result.payers, recomputed: { commitment, h, payerIds } };
}
