import { act, cleanup, render, screen } from '@testing-library/react';
import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { tokenStorage } from '@/lib/token-storage';
import { useSummary } from './get-summary';
import { LIVE_REFRESH_MS } from './keys';

const SEED = '11111111-1111-4111-8111-111111111111';
let calls = 0;

beforeEach(() => {
  calls = 0;
  tokenStorage.set({ access_token: 'test-access-token' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      calls += 1;
      return Response.json({ connections: 1, apis: 1, callsToday: calls * 10, cacheHitsToday: 0, cacheMissesToday: 0, hitRatio: null });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Calls({ seedId }: { seedId: string }) {
  const s = useSummary(seedId);
  return <p data-testid="calls">{s.data?.callsToday ?? '-'}</p>;
}

const client = () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

it('"오늘 호출 수" is read again on an interval and when the window regains focus', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  render(
    <QueryClientProvider client={client()}>
      <Calls seedId={SEED} />
    </QueryClientProvider>,
  );
  expect((await screen.findByText('10')).textContent).toBe('10');
  await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS + 10));
  expect((await screen.findByText('20')).textContent).toBe('20');
  act(() => {
    focusManager.setFocused(false);
    focusManager.setFocused(true);
  });
  expect((await screen.findByText('30')).textContent).toBe('30');
  focusManager.setFocused(undefined);
});

it('sends nothing before a seed is chosen', async () => {
  vi.useFakeTimers();
  render(
    <QueryClientProvider client={client()}>
      <Calls seedId="" />
    </QueryClientProvider>,
  );
  // Past the first fetch and two refresh intervals on the test's clock: still nothing asked.
  await act(() => vi.advanceTimersByTimeAsync(2 * LIVE_REFRESH_MS + 10));
  expect(calls).toBe(0);
  expect(screen.getByTestId('calls').textContent).toBe('-');
});
