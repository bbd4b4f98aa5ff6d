import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TMeal } from '@suite/shared/schemas/meal';
import type { TMealOuting } from '@suite/shared/schemas/meal-outings';
import { OutingParts } from './outing-parts';

const outing: TMealOuting = {
  outingId: 'p1',
  parts: [
    { id: 'p1', partNo: 1, title: '송년회', restaurant: '고깃집', status: 'closed', total: 30_000 },
    { id: 'p2', partNo: 2, title: '송년회 2차', restaurant: '호프집', status: 'open', total: 20_000 },
  ],
  people: [
    {
      userId: 'a',
      name: '이하나',
      parts: [
        { mealId: 'p1', amount: 10_000, planned: false },
        { mealId: 'p2', amount: 12_000, planned: true },
      ],
      total: 22_000,
    },
    { userId: 'o', name: '김주최', parts: [{ mealId: 'p1', amount: 10_000, planned: false }], total: 10_000 },
  ],
  total: 50_000,
};
let data: TMealOuting | undefined = outing;
vi.mock('../api/meal-outings', () => ({ useOuting: (_s: string, id: string | null) => ({ data: id ? data : undefined }) }));
vi.mock('./meal-form', () => ({
  MealForm: ({ nextPart }: { nextPart?: { mealId: string; title: string; date: string } }) => (
    <p data-testid="form">{nextPart ? `${nextPart.mealId}|${nextPart.title}|${nextPart.date}` : 'new'}</p>
  ),
}));

const o = ko.meal.outing.ui;
const meal = (over: Partial<TMeal>) =>
  ({ id: 'p2', title: '송년회 2차', date: '2026-12-18', partNo: 2, status: 'open', outingId: 'p1', canManage: true, ...over }) as TMeal;
const show = (m: TMeal) =>
  render(
    <MemoryRouter>
      <OutingParts seedId="s1" meal={m} />
    </MemoryRouter>,
  );

afterEach(() => {
  cleanup();
  data = outing;
});

describe('OutingParts', () => {
  it('shows the parts as chips with the current one marked, the next part button and the per-person sums', () => {
    show(meal({}));
    const nav = screen.getByRole('navigation', { name: o.parts });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href'), l.getAttribute('aria-current')])).toEqual([
      ['1차· 마감', '/admin/services/meal/p1', null],
      ['2차', '/admin/services/meal/p2', 'page'],
    ]);
    const table = screen.getByTestId('outing-summary');
    const row = within(table).getByRole('row', { name: /이하나/ });
    expect(row.textContent).toBe('이하나10,000원12,000원예정22,000원');
    expect(within(table).getByRole('row', { name: /김주최/ }).textContent).toBe('김주최10,000원—10,000원');
    expect(screen.getByTestId('outing-total').textContent).toBe('50,000원');
    expect(screen.getByText(o.plannedHelp)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: o.addPart(3) }));
    expect(screen.getByRole('heading', { name: o.addPartTitle(3) })).toBeTruthy();
    expect(screen.getByTestId('form').textContent).toBe('p2|송년회 3차|2026-12-18');
    expect(screen.queryByRole('button', { name: o.addPart(3) })).toBeNull();
  });

  it('offers 2차 on a round of its own to its host, nothing to others; no add button for a member', () => {
    data = undefined;
    show(meal({ id: 'r1', title: '점심', outingId: null, partNo: 1 }));
    expect(screen.getByRole('link', { name: '1차' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: o.addPart(2) }));
    expect(screen.getByTestId('form').textContent).toBe('r1|점심 2차|2026-12-18');
    expect(screen.queryByTestId('outing-summary')).toBeNull();
    cleanup();

    const { container } = show(meal({ id: 'r1', outingId: null, canManage: false }));
    expect(container.textContent).toBe('');
    cleanup();

    data = outing;
    show(meal({ canManage: false }));
    expect(screen.queryByRole('button', { name: o.addPart(3) })).toBeNull();
    expect(screen.getByTestId('outing-summary')).toBeTruthy();
  });
});
