import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyDraw } from './fairness';

/** A draw made with Node's crypto from the README's formula, checked by the browser code (SubtleCrypto). */
function makeDraw(roundId: string, users: string[], payerCount: number, korean = false) {
  const serverSeed = randomBytes(32).toString('hex');
  const clientSeeds = [...users].sort().map((userId, i) => ({ userId, clientSeed: i === 1 ? '' : korean ? `행운 ${i} 🍀` : `seed-${i}` }));
  const seeds = clientSeeds.map((c) => c.clientSeed).join(':');
  const hmac = (m: string) => createHmac('sha256', serverSeed).update(m).digest('hex');
  const h = hmac(`${roundId}:${seeds}`);
  const remaining = clientSeeds.map((c) => c.userId);
  const payers = [];
  for (let k = 0; k < payerCount; k++) {
    const hk = k === 0 ? h : hmac(`${roundId}:${k}:${seeds}`);
    const i = parseInt(hk.slice(0, 8), 16) % remaining.length;
    payers.push({ userId: remaining.splice(i, 1)[0]!, name: '', index: 0 });
  }
  return { payers, serverSeed, commitment: createHash('sha256').update(serverSeed).digest('hex'), clientSeeds, h };
}

describe('verifyDraw (Web Crypto)', () => {
  const users = [
    'c1d2e3f4-0000-4000-8000-000000000003',
    '0a1b2c3d-0000-4000-8000-000000000001',
    '7f7f7f7f-0000-4000-8000-000000000002',
    'ffeeddcc-0000-4000-8000-000000000004',
  ];
  it('matches a draw computed by the documented formula, for one and for two payers', async () => {
    for (const n of [1, 2]) {
      const draw = makeDraw('3b0f9c1e-1111-4111-8111-111111111111', users, n);
      expect((await verifyDraw('3b0f9c1e-1111-4111-8111-111111111111', draw, n)).ok).toBe(true);
    }
  });

  it('matches with Korean client seeds (UTF-8 on both sides)', async () => {
    const id = '3b0f9c1e-1111-4111-8111-111111111111';
    for (const n of [1, 2]) expect((await verifyDraw(id, makeDraw(id, users, n, true), n)).ok).toBe(true);
  });

  it('reports a mismatch when the seed, a client seed or the payer was changed', async () => {
    const id = '3b0f9c1e-1111-4111-8111-111111111111';
    const draw = makeDraw(id, users, 1);
    expect((await verifyDraw(id, { ...draw, serverSeed: draw.serverSeed.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) }, 1)).commitment).toBe(false);
    expect((await verifyDraw(id, { ...draw, clientSeeds: draw.clientSeeds.map((c, i) => (i === 0 ? { ...c, clientSeed: 'x' } : c)) }, 1)).h).toBe(false);
    const other = users.find((u) => u !== draw.payers[0]!.userId)!;
    const result = await verifyDraw(id, { ...draw, payers: [{ userId: other, name: '', index: 0 }] }, 1);
    expect(result.payers).toBe(false);
    expect(result.ok).toBe(false);
  });
});
