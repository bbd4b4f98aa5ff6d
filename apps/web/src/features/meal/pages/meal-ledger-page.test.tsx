import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TMealLedger } from '@suite/shared/schemas/meal';
import { MealLedgerPage } from './meal-ledger-page';

const state = { me: 'c', role: 'member' };
vi.mock('@/lib/session', () => ({ useSession: () => ({ user: { id: state.me } }) }));
vi.mock('@/lib/seed-context', () => ({ useSeeds: () => ({ selected: { id: 's1', role: state.role } }) }));
vi.mock('../api/use-meal-stream', () => ({ useMealStream: () => undefined }));
vi.mock('../api/create-settlement', () => ({ useCreateSettlement: () => ({ mutate: vi.fn(), isPending: false }) }));
vi.mock('../components/transfer-panel', () => ({ TransferSend: () => null, TransferInbox: () => null }));
vi.mock('../components/policy-links', () => ({ PolicyLinks: () => null }));
vi.mock('../components/receipt-rounds', () => ({ ReceiptRounds: () => null }));
const person = (userId: string, name: string) => ({ userId, name });
const ledger: TMealLedger = {
  balances: [
    { ...person('b', '김주최'), balance: 10000 },
    { ...person('c', '박두리'), balance: 0 },
    { ...person('a', '이하나'), balance: -10000 },
  ],
  transfers: [{ from: person('a', '이하나'), to: person('b', '김주최'), amount: 10000 }],
  settlements: [],
  monthly: [],
};
vi.mock('../api/get-ledger', () => ({ useLedger: () => ({ isLoading: false, error: null, data: ledger }) }));

afterEach(cleanup);

const page = () =>
  render(
    <MemoryRouter>
      <MealLedgerPage />
    </MemoryRouter>,
  );

describe('MealLedgerPage: 송금 완료', () => {
  it('is not offered to a member who is neither the payer nor the receiver, nor to the payer (who uses 송금하기 → 보냈어요 and waits for the receiver)', () => {
    for (const me of ['c', 'a']) {
      Object.assign(state, { me, role: 'member' });
      page();
      expect(screen.queryByRole('button', { name: ko.meal.ui.markPaid })).toBeNull();
      cleanup();
    }
  });
  it('is offered to the receiver and a seed manager', () => {
    for (const [me, role] of [
      ['b', 'member'],
      ['c', 'admin'],
    ] as const) {
      Object.assign(state, { me, role });
      page();
      expect(screen.getByRole('button', { name: ko.meal.ui.markPaid })).toBeTruthy();
      cleanup();
    }
  });
});
