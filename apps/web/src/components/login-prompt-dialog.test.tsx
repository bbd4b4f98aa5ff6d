import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LoginPromptDialog } from './login-prompt-dialog';

function setup(redirectTo?: string) {
  const state = { open: true };
  const router = createMemoryRouter(
    [
      { path: '/slack-ai', element: <LoginPromptDialog open onOpenChange={(o) => (state.open = o)} redirectTo={redirectTo} /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/slack-ai?tab=1'] },
  );
  render(<RouterProvider router={router} />);
  return { router, state };
}

describe('LoginPromptDialog', () => {
  it('shows the spec texts; No only closes', () => {
    const { router, state } = setup();
    expect(screen.getByRole('dialog', { name: '로그인 필요' })).toBeTruthy();
    expect(screen.getByText('로그인이 필요한 서비스입니다. 로그인 하시겠습니까?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '아니오' }));
    expect(state.open).toBe(false);
    expect(router.state.location.pathname).toBe('/slack-ai');
  });

  it('Yes goes to /login with the current path and query as redirect', async () => {
    const { router } = setup();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '예' })));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/slack-ai?tab=1')}`);
  });

  it('Yes uses a given path when there is one', async () => {
    const { router } = setup('/admin/services/schedule');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '예' })));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/admin/services/schedule')}`);
  });
});
