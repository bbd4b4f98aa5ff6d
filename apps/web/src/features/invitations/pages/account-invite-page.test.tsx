/**
 * The account invitation's accept page asks sign-up's consents (issue 32): the age bracket (under 14 explained at once,
 * the button off), the terms (required) and marketing (optional), and sends them with the password and the token.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import { renderRoutes } from '@/lib/testing/render-routes';
import { AccountInvitePage } from './account-invite-page';
import '@/lib/testing/resize-observer';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() }, toastError: vi.fn() }));

const s = ko.authUi.signup;
const submitName = ko.consoleUi.invite.accountSubmit;
const TOKEN = 'invite-token-0123456789abcdef';
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let answer: () => Promise<Response>;
const posted = () =>
  fetchMock.mock.calls
    .filter(([u]) => u === '/api/invitations/accept')
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);
beforeEach(() => {
  answer = () => new Promise<Response>(() => undefined);
  fetchMock = vi.fn(async (url: string) => (url === '/api/invitations/accept' ? answer() : new Promise<Response>(() => undefined)));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = () => renderRoutes([{ path: '/invite/account', element: <AccountInvitePage /> }], `/invite/account?token=${TOKEN}`);
const radio = (label: string) => screen.getByRole('radio', { name: label }) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: submitName }) as HTMLButtonElement;
function fillPasswords() {
  fireEvent.change(screen.getByLabelText(ko.authUi.reset.newPassword), { target: { value: 'Haneul7xyz' } });
  fireEvent.change(screen.getByLabelText(s.confirmPassword), { target: { value: 'Haneul7xyz' } });
}

describe('accepting an account invitation', () => {
  it('explains at once why under 14 cannot go on and keeps the button off', () => {
    open();
    expect(radio(s.age14OrOver).checked).toBe(false);
    expect(radio(s.ageUnder14).checked).toBe(false);
    fireEvent.click(radio(s.ageUnder14));
    expect(screen.getByRole('alert').textContent).toBe(ko.privacy.server.under14);
    expect(submit().disabled).toBe(true);
    fireEvent.click(radio(s.age14OrOver));
    expect(screen.queryByText(ko.privacy.server.under14)).toBeNull();
    expect(submit().disabled).toBe(false);
  });

  it('sends nothing without the terms and the age answer (Korean messages)', async () => {
    open();
    fillPasswords();
    fireEvent.click(submit());
    expect(await screen.findByText(ko.auth.validation.termsRequired)).toBeTruthy();
    expect(screen.getByText(ko.privacy.consents.ageRequired)).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it('sends the token, the password and the consents; a refusal shows the server message', async () => {
    answer = async () => json(400, { success: false, code: 'ACCOUNT_INVITATION_INVALID', error: ko.console.admin.invitationInvalid });
    open();
    fillPasswords();
    fireEvent.click(radio(s.age14OrOver));
    fireEvent.click(screen.getByRole('checkbox', { name: /이용약관/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: s.marketing }));
    fireEvent.click(submit());
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toEqual({ token: TOKEN, password: 'Haneul7xyz', terms: true, age_bracket: '14_or_over', marketing_consent: true });
    expect(await screen.findByText(ko.console.admin.invitationInvalid)).toBeTruthy();
  });
});
