/**
 * The age question of the sign-up form and of the provider consent step (개인정보 보호법 제22조의2): the explanation
 * shows as soon as under 14 is chosen, before any submit; nothing is sent then; 14 or over travels as age_bracket.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import { renderRoutes } from '@/lib/testing/render-routes';
import { saveSignupTemp } from '@/features/auth/lib/google-flow';
import { SignupCompletePage } from './signup-complete-page';
import { SignupPage } from './signup-page';
import '@/lib/testing/resize-observer';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() }, toastError: vi.fn() }));

const s = ko.authUi.signup;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
const posted = (url: string) =>
  fetchMock.mock.calls.filter(([u]) => u === url).map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);
beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/auth-signup' || url === '/api/google-signup') return json(400, { success: false, code: 'TEST', error: '테스트' });
    return new Promise<Response>(() => undefined);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

const radio = (label: string) => screen.getByRole('radio', { name: label }) as HTMLInputElement;
const submitButton = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

function fillSignup() {
  const set = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  set(s.fullName, '김하늘');
  set(s.email, 'haneul@example.com');
  set(s.password, 'Haneul7xyz');
  set(s.confirmPassword, 'Haneul7xyz');
  fireEvent.click(screen.getByRole('checkbox', { name: /이용약관/ }));
}

describe('the sign-up form asks the age bracket', () => {
  it('offers both answers, neither chosen, and explains at once why under 14 cannot sign up', () => {
    renderRoutes([{ path: '/signup', element: <SignupPage /> }], '/signup');
    expect(radio(s.age14OrOver).checked).toBe(false);
    expect(radio(s.ageUnder14).checked).toBe(false);
    expect(screen.queryByText(ko.privacy.server.under14)).toBeNull();

    fireEvent.click(radio(s.ageUnder14));
    expect(screen.getByRole('alert').textContent).toBe(ko.privacy.server.under14);
    expect(submitButton(s.submit).disabled).toBe(true);

    fireEvent.click(radio(s.age14OrOver));
    expect(screen.queryByText(ko.privacy.server.under14)).toBeNull();
    expect(submitButton(s.submit).disabled).toBe(false);
  });

  it('refuses to send without an answer (Korean message) and sends age_bracket once chosen', async () => {
    renderRoutes([{ path: '/signup', element: <SignupPage /> }], '/signup');
    fillSignup();
    fireEvent.click(submitButton(s.submit));
    expect(await screen.findByText(ko.privacy.consents.ageRequired)).toBeTruthy();
    expect(posted('/api/auth-signup')).toEqual([]);

    fireEvent.click(radio(s.age14OrOver));
    fireEvent.click(submitButton(s.submit));
    await waitFor(() => expect(posted('/api/auth-signup')).toHaveLength(1));
    expect(posted('/api/auth-signup')[0]).toMatchObject({ email: 'haneul@example.com', terms: true, age_bracket: '14_or_over' });
  });
});

describe('the provider consent step asks it too', () => {
  it('explains under 14 before submit, keeps the button off, and sends 14 or over with the consents', async () => {
    saveSignupTemp({ googleToken: 'google-id-token', email: 'g@example.com', full_name: '구글 사용자' });
    renderRoutes([{ path: '/signup/complete', element: <SignupCompletePage /> }], '/signup/complete');
    const done = ko.authUi.complete.submit;
    fireEvent.click(radio(s.ageUnder14));
    expect(screen.getByText(ko.privacy.server.under14)).toBeTruthy();
    expect(submitButton(done).disabled).toBe(true);

    fireEvent.click(radio(s.age14OrOver));
    fireEvent.click(screen.getByRole('checkbox', { name: /이용약관/ }));
    expect(submitButton(done).disabled).toBe(false);
    fireEvent.click(submitButton(done));
    await waitFor(() => expect(posted('/api/google-signup')).toHaveLength(1));
    expect(posted('/api/google-signup')[0]).toMatchObject({ googleToken: 'google-id-token', terms: true, age_bracket: '14_or_over', marketing_consent: false });
  });
});
