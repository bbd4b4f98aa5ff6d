import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TMeal } from '@suite/shared/schemas/meal';
import { JoinPanel } from './join-panel';

const mutate = vi.fn();
vi.mock('@/lib/session', () => ({ useSession: () => ({ user: { id: 'me' } }) }));
vi.mock('../api/round-actions', () => ({ useJoinMeal: () => ({ mutate, isPending: false }), useDeclineMeal: () => ({ mutate: vi.fn(), isPending: false }) }));

const t = ko.meal.ui;
const meal = {
  id: 'm1',
  mode: 'menu',
  options: [
    { id: 'o1', name: '김치찌개', price: 9000 },
    { id: 'o2', name: '제육볶음', price: 10000 },
  ],
  participants: [],
  commitment: 'b'.repeat(64),
} as unknown as TMeal;

afterEach(() => {
  cleanup();
  mutate.mockReset();
});

describe('JoinPanel', () => {
  it('preselects no menu, and sends a Korean lucky phrase with the chosen menu', async () => {
    render(<JoinPanel meal={meal} seedId="s1" />);
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.some((r) => r.checked)).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: t.join }));
    expect(await screen.findByText(ko.meal.validation.choice)).toBeTruthy();
    expect(mutate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('radio', { name: /제육볶음/ }));
    fireEvent.change(screen.getByLabelText(t.fields.clientSeed), { target: { value: '오늘은 내가 안 낸다 🍀' } });
    fireEvent.click(screen.getByRole('button', { name: t.join }));
    await waitFor(() => expect(mutate).toHaveBeenCalled());
    expect(mutate.mock.calls[0]![0]).toEqual({ choice: 'o2', clientSeed: '오늘은 내가 안 낸다 🍀' });
  });
});
