/**
 * Issue 27: the sign-up form is prefilled from a seed invitation and sends it along (item 21); a failed sign-in is
 * shown once, in the form's alert, not again as a toast (item 28).
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import { renderRoutes } from '@/lib/testing/render-routes';
import { LoginPage } from './login-page';
import { SignupPage } from './signup-page';
import '@/lib/testing/resize-observer';

const toastError = vi.fn();
vi.mock('@/lib/toast', () => ({
  toast: { error: (...a: unknown[]) => toastError(...a), success: vi.fn(), info: vi.fn(), warning: vi.fn() },
  toastError: (...a: unknown[]) => toastError(...a),
}));

const TOKEN = 'inv_'.padEnd(43, 'x');
const PREVIEW = { seed_name: '우리 회사', email: 'newcomer@example.com', inviter_name: '김대표', role: 'member', expires_at: '2026-12-04T00:00:00.000Z' };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/seed-invitations/preview')) return json(200, PREVIEW);
    if (url === '/api/auth-login') return json(401, { success: false, code: 'INVALID_CREDENTIALS', error: ko.auth.server.invalidCredentials });
    return new Promise<Response>(() => undefined);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastError.mockReset();
  localStorage.clear();
  sessionStorage.clear();
});

function renderAt(url: string) {
  renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
    ],
    url,
  );
}

const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

const fromInvitation = `?redirect=${encodeURIComponent(`/invite/seed?token=${TOKEN}&accept=1`)}`;

describe('signing up from a seed invitation', () => {
  it('prefills the invited address and says which seed the sign-up joins', async () => {
    renderAt(`/signup${fromInvitation}`);
    await waitFor(() => expect(valueOf(ko.authUi.signup.email)).toBe('newcomer@example.com'));
    expect(screen.getByTestId('invitation-notice').textContent).toBe(ko.authUi.invitation.signupNotice('우리 회사'));
    expect(fetchMock).toHaveBeenCalledWith(`/api/seed-invitations/preview?token=${TOKEN}`, expect.anything());
  });

  it('asks for no invitation without one', async () => {
    renderAt('/signup');
    expect(valueOf(ko.authUi.signup.email)).toBe('');
    expect(screen.queryByTestId('invitation-notice')).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('seed-invitations'))).toBe(false);
  });

  it('the sign-in page names the invitation too', async () => {
    renderAt(`/login${fromInvitation}`);
    expect((await screen.findByTestId('invitation-notice')).textContent).toBe(ko.authUi.invitation.loginNotice('우리 회사'));
  });
});

describe('a failed sign-in', () => {
  it('is shown once, with its hint, in the alert (no toast repeating it)', async () => {
    renderAt('/login');
    fireEvent.change(screen.getByLabelText(ko.authUi.login.email), { target: { value: 'someone@example.com' } });
    fireEvent.change(screen.getByLabelText(ko.authUi.login.password), { target: { value: 'Wrong1pass' } });
    const submit = screen.getByRole('button', { name: ko.authUi.login.submit });
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(submit);
    await screen.findByText(ko.auth.server.invalidCredentials);
    expect(screen.getAllByText(ko.auth.server.invalidCredentials)).toHaveLength(1);
    expect(screen.getAllByText(ko.authUi.login.errorHint)).toHaveLength(1);
    expect(toastError).not.toHaveBeenCalled();
  });
});
