import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAdminTable } from '@suite/shared/schemas/admin-builder';
import { tokenStorage } from '@/lib/token-storage';
import { MaskedFields } from './reveal';

const table = (rights: TAdminTable['rights']): TAdminTable => ({
  name: 'staff',
  kind: 'table',
  primaryKey: ['id'],
  columns: [
    { name: 'id', type: 'integer', kind: 'number', nullable: false, hasDefault: true, maxLength: null, enumValues: null, ref: null, generated: true },
    {
      name: 'phone',
      type: 'varchar(20)',
      kind: 'text',
      nullable: true,
      hasDefault: false,
      maxLength: 20,
      enumValues: null,
      ref: null,
      generated: false,
      masked: true,
    },
  ],
  related: [],
  settings: {
    label: '',
    columnLabels: { phone: '휴대폰' },
    listColumns: ['id', 'phone'],
    formColumns: ['phone'],
    readOnlyColumns: [],
    defaultSort: null,
    displayColumn: null,
    permissions: { admin: ['view'], member: ['view'] },
    maskedColumns: ['phone'],
  },
  rights,
});

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  tokenStorage.set({ access_token: 'test-access-token' });
  fetchMock = vi.fn(async () => Response.json({ success: true, message: 'ok', data: { value: '010-1234-5678' } }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (rights: TAdminTable['rights']) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MaskedFields seedId="s1" appId="a1" table={table(rights)} rowKey="[1]" row={{ id: 1, phone: '●●●' }} />
    </QueryClientProvider>,
  );

describe('열람 (decision 092)', () => {
  it('shows ●●● and no 열람 button without the right', () => {
    show(['view']);
    expect(screen.getByTestId('ad-masked-phone').textContent).toBe('●●●');
    expect(screen.queryByRole('button', { name: '열람' })).toBeNull();
  });

  it('asks for a reason of 2–200 characters, then sends it and shows the value', async () => {
    show(['view', 'unmask']);
    fireEvent.click(screen.getByRole('button', { name: '열람' }));
    fireEvent.change(screen.getByLabelText('열람 사유'), { target: { value: '가' } });
    fireEvent.click(screen.getByRole('button', { name: '사유를 남기고 열람' }));
    expect(await screen.findByText('열람 사유를 2~200자로 입력해 주세요.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('열람 사유'), { target: { value: '배송 문의 고객에게 연락' } });
    fireEvent.click(screen.getByRole('button', { name: '사유를 남기고 열람' }));
    await waitFor(() => expect(screen.getByTestId('ad-masked-phone').textContent).toBe('010-1234-5678'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/apps/a1/tables/staff/reveal');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ key: '[1]', column: 'phone', reason: '배송 문의 고객에게 연락' });
  });
});
