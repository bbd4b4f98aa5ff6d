/** The round form in tests: signed in, each API answer by the request path's ending, and a filled-in menu round. */
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { ko } from '@suite/shared';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { tokenStorage } from '@/lib/token-storage';
import { MealForm } from '../components/meal-form';

const t = ko.meal.ui;

/** Renders MealForm; a request whose path ends with a key of `answers` gets that body, any other an empty list. */
export function showMealForm(answers: Record<string, unknown>) {
  tokenStorage.set({ access_token: 'a.b.c', refresh_token: 'r' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const hit = Object.keys(answers).find((suffix) => url.endsWith(suffix));
      const body = hit ? answers[hit] : { data: [] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  renderWithQueries(
    <MemoryRouter>
      <MealForm seedId="s1" onDone={() => undefined} />
    </MemoryRouter>,
  );
}

/** Fills the title and the first menu option. */
export function fillRound(title: string, option: string, price: number) {
  fireEvent.change(screen.getByLabelText(t.fields.title), { target: { value: title } });
  fireEvent.change(screen.getByLabelText(`${t.fields.optionName} 1`), { target: { value: option } });
  fireEvent.change(screen.getByLabelText(`${t.fields.optionPrice} 1`), { target: { value: String(price) } });
}
