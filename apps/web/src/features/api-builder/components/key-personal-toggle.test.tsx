import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TApiKey } from '@suite/shared/schemas/api-builder';
import { tokenStorage } from '@/lib/token-storage';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { KeyPersonalToggle } from './key-personal-toggle';

const SEED = '11111111-1111-4111-8111-111111111111';
const KEY: TApiKey = {
  id: '55555555-5555-4555-8555-555555555555',
  apiId: '44444444-4444-4444-8444-444444444444',
  name: '앱 키',
  prefix: 'sk_abcdefg',
  methods: ['GET'],
  tables: null,
  rateLimitPerMinute: 600,
  readPersonalData: false,
  callsToday: 0,
  createdAt: '2026-11-27T00:00:00.000Z',
  revokedAt: null,
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ success: true, message: ko.apiBuilder.server.keyPersonalOn }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

it('sends PATCH …/keys/{id} with readPersonalData when the box is ticked (issue 36)', async () => {
  renderWithQueries(<KeyPersonalToggle seedId={SEED} apiKey={KEY} />);
  const box = screen.getByRole('checkbox', { name: ko.apiBuilder.ui.keyForm.personal });
  expect(box.getAttribute('data-state')).toBe('unchecked');
  fireEvent.click(box);
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  expect(String(url)).toBe(`/api/seeds/${SEED}/api-builder/keys/${KEY.id}`);
  expect(init.method).toBe('PATCH');
  expect(JSON.parse(String(init.body))).toEqual({ readPersonalData: true });
});
