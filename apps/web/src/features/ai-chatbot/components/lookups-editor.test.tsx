import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { koChatbotLookups } from '@suite/shared/messages/ko-chatbot-lookups';
import type { TLookup } from '@suite/shared/schemas/chatbot-lookups';
import { tokenStorage } from '@/lib/token-storage';
import { LookupsEditor } from './lookups-editor';

const SEED = '00000000-0000-4000-8000-000000000001';
const BOT = '00000000-0000-4000-8000-0000000000b1';
const API = '00000000-0000-4000-8000-0000000000a1';
const CONN = '00000000-0000-4000-8000-0000000000c1';
const URL_ = `/api/seeds/${SEED}/chatbots/${BOT}/lookups`;
const t = koChatbotLookups.ui;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const col = (name: string, position: number) => ({ name, type: 'varchar', nullable: false, hasDefault: false, position });
const saved: TLookup = {
  id: '00000000-0000-4000-8000-0000000000d1',
  name: '주문 배송 조회',
  apiId: API,
  table: 'shop_orders',
  keyColumn: 'order_no',
  verifyColumn: 'phone',
  verifyRule: 'last4',
  replyColumns: ['status'],
  labels: {},
  keywords: ['주문', '배송'],
  createdAt: '2031-01-01T00:00:00Z',
};

type TCall = { method: string; url: string; body: unknown };
let calls: TCall[];
let gets: Record<string, unknown>;

beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  calls = [];
  gets = {
    [URL_]: [],
    [`/api/seeds/${SEED}/api-builder/apis`]: [
      {
        id: API,
        connectionId: CONN,
        connectionName: '쇼핑몰 DB',
        tables: [
          { name: 'shop_orders', methods: ['GET'] },
          { name: 'secrets', methods: ['POST'] },
        ],
      },
    ],
    [`/api/seeds/${SEED}/api-builder/connections/${CONN}/tables`]: [
      {
        name: 'shop_orders',
        kind: 'table',
        columns: [col('order_no', 1), col('phone', 2), col('status', 3), col('address', 4)],
        primaryKey: ['order_no'],
        foreignKeys: [],
      },
    ],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') {
        calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        return json(method === 'POST' ? 201 : 200, { message: '저장', data: saved });
      }
      return url in gets ? json(200, { data: gets[url], syncedAt: '2031-01-01T00:00:00Z' }) : json(404, { error: '없음' });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenStorage.clear();
});

const wrap = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>{ui}</QueryClientProvider>,
  );

describe('조회 section of the bot settings', () => {
  it('adds a lookup by choosing API → table → columns from the published schema', async () => {
    wrap(<LookupsEditor seedId={SEED} botId={BOT} canManage />);
    expect(await screen.findByText(t.empty)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t.add }));
    fireEvent.change(screen.getByLabelText(t.name), { target: { value: '주문 배송 조회' } });
    fireEvent.change(screen.getByLabelText(t.keywords), { target: { value: '주문 배송' } });
    await screen.findByRole('option', { name: /쇼핑몰 DB/ });
    fireEvent.change(screen.getByLabelText(t.api), { target: { value: API } });
    // Only tables published for reading are offered.
    expect(screen.queryByRole('option', { name: 'secrets' })).toBeNull();
    fireEvent.change(screen.getByLabelText(t.table), { target: { value: 'shop_orders' } });
    await screen.findAllByRole('option', { name: 'order_no' });
    fireEvent.change(screen.getByLabelText(t.keyColumn), { target: { value: 'order_no' } });
    fireEvent.change(screen.getByLabelText(t.verifyColumn), { target: { value: 'phone' } });
    // The verification column is not offered as a reply column.
    expect(screen.queryByRole('checkbox', { name: 'phone' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'status' }));
    fireEvent.change(screen.getByLabelText(t.labelFor('status')), { target: { value: '배송 상태' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.save })));
    await waitFor(() =>
      expect(calls).toEqual([
        {
          method: 'POST',
          url: URL_,
          body: {
            name: '주문 배송 조회',
            apiId: API,
            table: 'shop_orders',
            keyColumn: 'order_no',
            verifyColumn: 'phone',
            verifyRule: 'last4',
            replyColumns: ['status'],
            labels: { status: '배송 상태' },
            keywords: ['주문', '배송'],
          },
        },
      ]),
    );
  });

  it('says what is missing before sending, and members only see the list', async () => {
    gets[URL_] = [saved];
    const { unmount } = wrap(<LookupsEditor seedId={SEED} botId={BOT} canManage />);
    expect(await screen.findByText('주문 배송 조회')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t.add }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.save })));
    expect((await screen.findByRole('alert')).textContent).toBe(koChatbotLookups.validation.name);
    expect(calls).toEqual([]);
    unmount();
    wrap(<LookupsEditor seedId={SEED} botId={BOT} canManage={false} />);
    expect(await screen.findByText('주문 배송 조회')).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.edit })).toBeNull();
    expect(screen.queryByRole('button', { name: t.add })).toBeNull();
  });
});
