import { createHash, createHmac, randomBytes } from 'node:crypto';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { koMealFairness } from '@suite/shared/messages/ko-meal-fairness';
import type { TMealVerify } from '@suite/shared/schemas/meal-verify';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { MealVerifyPage } from './meal-verify-page';

const t = koMealFairness.ui;
const ROUND = '5b0c2f4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const USERS = ['0a1b2c3d-0000-4000-8000-000000000001', '7f7f7f7f-0000-4000-8000-000000000002', 'c1d2e3f4-0000-4000-8000-000000000003'];

/** A drawn round as the public API answers it, computed here with Node's crypto from the README's formula. */
function drawnRound(): TMealVerify {
  const serverSeed = randomBytes(32).toString('hex');
  const participants = USERS.map((userId, i) => ({ userId, label: ['김*수', '이*', '박*리'][i]!, clientSeed: ['행운 🍀', '', 'a:b'][i]! }));
  const seeds = participants.map((p) => p.clientSeed).join(':');
  const h = createHmac('sha256', serverSeed).update(`${ROUND}:${seeds}`).digest('hex');
  const index = parseInt(h.slice(0, 8), 16) % participants.length;
  return {
    id: ROUND,
    title: '금요일 점심',
    date: '2030-05-06',
    status: 'drawn',
    split: 'ladder',
    commitment: createHash('sha256').update(serverSeed).digest('hex'),
    payerCount: 1,
    participants,
    serverSeed,
    h,
    payers: [{ userId: participants[index]!.userId, label: participants[index]!.label, index }],
    slack: { channel: '#점심', posted: true },
  };
}

/** The page signed out, its one request answered by `answer` (status, body). */
function showPage(answer: { status: number; body: unknown }, id = ROUND) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    expect(new Headers(init?.headers).get('authorization')).toBeNull();
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithQueries(
    <MemoryRouter initialEntries={[`/meal/verify/${id}`]}>
      <Routes>
        <Route path="/meal/verify/:mealId" element={<MealVerifyPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MealVerifyPage (public, signed out)', () => {
  it('recomputes a drawn round in the browser and says it matches the published commitment', async () => {
    const data = drawnRound();
    const fetchMock = showPage({ status: 200, body: { data } });
    expect((await screen.findByTestId('verify-result')).textContent).toBe(t.match);
    expect(fetchMock).toHaveBeenCalledWith(`/api/public/meal-draws/${ROUND}`, expect.anything());
    expect(screen.getByTestId('commitment').textContent).toBe(data.commitment);
    expect(screen.getByTestId('server-seed').textContent).toBe(data.serverSeed);
    expect(screen.getByTestId('payers').textContent).toContain(data.payers![0]!.label);
    expect(screen.getByText(t.slackPublished('#점심'))).toBeTruthy();
    expect(screen.getByRole('heading', { name: t.formulaTitle })).toBeTruthy();
  });

  it.each([
    ['a client seed', (d: TMealVerify) => ({ ...d, participants: d.participants.map((p, i) => (i === 1 ? { ...p, clientSeed: 'changed' } : p)) })],
    ['the server seed', (d: TMealVerify) => ({ ...d, serverSeed: randomBytes(32).toString('hex') })],
    ['the payer', (d: TMealVerify) => ({ ...d, payers: [{ ...d.payers![0]!, userId: USERS.find((u) => u !== d.payers![0]!.userId)! }] })],
  ])('shows a mismatch when %s was tampered with', async (_what, tamper) => {
    showPage({ status: 200, body: { data: tamper(drawnRound()) } });
    expect((await screen.findByTestId('verify-result')).textContent).toBe(t.mismatch);
  });

  it('before the draw: the commitment only, the server seed announced for later, no verification', async () => {
    const { serverSeed: _s, h: _h, payers: _p, ...rest } = drawnRound();
    showPage({ status: 200, body: { data: { ...rest, status: 'open', participants: [], slack: { channel: '#점심', posted: false } } } });
    expect((await screen.findByTestId('verify-status')).textContent).toBe(t.statusOpen);
    expect(screen.getByText(t.hiddenUntilDraw)).toBeTruthy();
    expect(screen.getByText(t.slackNotPublished('#점심'))).toBeTruthy();
    expect(screen.queryByTestId('server-seed')).toBeNull();
    expect(screen.queryByTestId('verify-result')).toBeNull();
  });

  it('says the draw cannot be found for an unknown id, and does not ask the server for a malformed one', async () => {
    showPage({ status: 404, body: { success: false, code: 'NOT_FOUND', error: koMealFairness.server.verifyNotFound } });
    expect((await screen.findByRole('alert')).textContent).toBe(t.notFound);
    cleanup();
    const fetchMock = showPage({ status: 200, body: {} }, 'not-a-uuid');
    expect((await screen.findByRole('alert')).textContent).toBe(t.notFound);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
