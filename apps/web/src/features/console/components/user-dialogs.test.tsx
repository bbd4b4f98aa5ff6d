import type { ReactNode } from 'react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TAdminUser } from '@suite/shared/schemas/admin';
import { tokenStorage } from '@/lib/token-storage';
import { AddUserDialog, EditUserDialog } from './user-dialogs';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import '@/lib/testing/resize-observer';

const t = ko.consoleUi.users;
const v = ko.auth.validation;

const kim: TAdminUser = {
  id: 'u-1',
  email: 'kim@example.com',
  full_name: '김민수',
  phone: '010-0000-0000',
  role: 'user',
  status: 'active',
  provider: 'email',
  avatar_url: null,
  created_at: '2031-01-02T03:00:00.000Z',
  updated_at: '2031-01-02T03:00:00.000Z',
  last_login_at: null,
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  fetchMock = vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify({ success: true, message: '처리했습니다.' }), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderWithClient(ui: ReactNode) {
  renderWithQueries(ui);
}

/** Every request sent so far: method, path and JSON body. */
const sent = () =>
  fetchMock.mock.calls.map(([url, init]) => {
    const i = init as RequestInit;
    return { method: i.method, path: new URL(String(url), 'http://localhost').pathname, body: JSON.parse(String(i.body)) as unknown };
  });

describe('AddUserDialog', () => {
  it("shows the shared schema's Korean messages under the fields and sends nothing", async () => {
    renderWithClient(<AddUserDialog open onOpenChange={vi.fn()} />);
    fireEvent.change(screen.getByLabelText(t.colEmail), { target: { value: 'not-an-address' } });
    fireEvent.change(screen.getByLabelText(t.colName, { exact: false }), { target: { value: '김' } });
    fireEvent.click(screen.getByRole('button', { name: t.send }));
    expect(await screen.findByText(v.emailFormat)).toBeTruthy();
    expect(screen.getByText(v.nameMin)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('invites with the parsed values (email in lower case, a blank name left out), then closes', async () => {
    const onOpenChange = vi.fn();
    renderWithClient(<AddUserDialog open onOpenChange={onOpenChange} />);
    fireEvent.change(screen.getByLabelText(t.colEmail), { target: { value: ' New.Person@Example.com ' } });
    fireEvent.change(screen.getByLabelText(t.colRole), { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: t.send }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent()).toEqual([{ method: 'POST', path: '/api/admin/users/invite', body: { email: 'new.person@example.com', role: 'admin' } }]);
  });
});

describe('EditUserDialog', () => {
  it('refuses a name the schema refuses, then saves the corrected name and role', async () => {
    const onClose = vi.fn();
    renderWithClient(<EditUserDialog user={kim} onClose={onClose} />);
    const name = screen.getByLabelText(t.colName);
    expect((name as HTMLInputElement).value).toBe('김민수');
    fireEvent.change(name, { target: { value: 'Kim 123' } });
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(v.nameChars)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: ' 김민지 ' } });
    fireEvent.change(screen.getByLabelText(t.colRole), { target: { value: 'guest' } });
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent()).toEqual([{ method: 'PATCH', path: '/api/admin/users/u-1', body: { full_name: '김민지', role: 'guest' } }]);
  });
});
