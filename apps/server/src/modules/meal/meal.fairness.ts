/**
 * Commit–reveal draw (issue 15; formula in the README, choices in docs/decisions/014-meal-manager.md).
 *   serverSeed  = 32 random bytes, written as 64 lowercase hex characters
 *   commitment  = hex(SHA-256(serverSeed as that hex text, UTF-8))
 *   h           = hex(HMAC-SHA256(key = serverSeed hex text, message = roundId + ':' + seeds.join(':')))
 *                 seeds = client seeds of the joined participants ordered by user id ('' for a participant without one)
 *   payer 1     = participants[uint32be(h[0..4]) mod n]
 *   payer k+1   = for k = 1 … N−1: h_k = HMAC(key, roundId + ':' + k + ':' + seeds.join(':')),
 *                 remaining[uint32be(h_k[0..4]) mod remaining.length], remaining = participants not yet drawn, by user id
 */
import { createHmac, randomBytes } from 'node:crypto';
import { sha256 } from '../../lib/tokens.ts';

export const newServerSeed = () => randomBytes(32).toString('hex');
export const commitmentOf = (serverSeed: string) => sha256(serverSeed);

/** Participants are ordered by user id: plain code-unit order of the lowercase UUID text (PostgreSQL's uuid order too). */
export const byUserId = <T extends { userId: string }>(list: T[]) => [...list].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));

const hmacHex = (key: string, message: string) => createHmac('sha256', Buffer.from(key, 'utf8')).update(message, 'utf8').digest('hex');
const first4 = (hex: string) => Number.parseInt(hex.slice(0, 8), 16);

export type TDrawResult = { h: string; payerIndexes: number[] };

/** `seeds` are the client seeds of the participants already ordered by user id. Returns indexes into that order. */
export function drawPayers(roundId: string, serverSeed: string, seeds: string[], payerCount: number): TDrawResult {
  const n = seeds.length;
  const joined = seeds.join(':');
  const h = hmacHex(serverSeed, `${roundId}:${joined}`);
  const remaining = seeds.map((_, i) => i);
  const payerIndexes: number[] = [];
  const count = Math.min(payerCount, n);
  for (let k = 0; k < count; k++) {
    const hk = k === 0 ? h : hmacHex(serverSeed, `${roundId}:${k}:${joined}`);
    const pick = first4(hk) % remaining.length;
    payerIndexes.push(remaining[pick]!);
    remaining.splice(pick, 1);
  }
  return { h, payerIndexes };
}
