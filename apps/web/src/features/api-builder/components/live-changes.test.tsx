import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { koApiBuilderLive } from '@suite/shared/messages/ko-api-builder-live';
import type { TApiDefinition } from '@suite/shared/schemas/api-builder';
import { LiveChanges } from './live-changes';

const l = koApiBuilderLive.ui;
const API: TApiDefinition = {
  id: '44444444-4444-4444-8444-444444444444',
  connectionId: '22222222-2222-4222-8222-222222222222',
  connectionName: 'PG 쇼핑몰',
  engine: 'postgres',
  baseUrl: 'http://localhost/api/v1/44444444-4444-4444-8444-444444444444',
  tables: [
    { name: 'audit', methods: ['POST'] },
    { name: 'orders', methods: ['GET'] },
  ],
  cacheMode: 'trigger',
  cacheTtlSeconds: 30,
  aggregatesEnabled: false,
  callsToday: 0,
  cacheHitsToday: 0,
  cacheMissesToday: 0,
  createdAt: '2026-11-27T00:00:00.000Z',
};

afterEach(cleanup);

describe('live changes section', () => {
  it('shows the stream URL of the first readable table and a curl that keeps it open', () => {
    render(<LiveChanges api={API} />);
    expect(screen.getByRole('region', { name: l.title })).toBeTruthy();
    expect(screen.getByText(`${API.baseUrl}/orders/changes`)).toBeTruthy();
    expect(screen.getByText((_, el) => el?.tagName === 'CODE' && el.textContent!.startsWith(`curl -N '${API.baseUrl}/orders/changes'`))).toBeTruthy();
    expect(screen.getByText(l.postgres)).toBeTruthy();
  });

  it('says MariaDB announces per table, and shows nothing for an API without a readable table', () => {
    const { unmount } = render(<LiveChanges api={{ ...API, engine: 'mysql' }} />);
    expect(screen.getByText(l.mysql)).toBeTruthy();
    unmount();
    const { container } = render(<LiveChanges api={{ ...API, tables: [{ name: 'audit', methods: ['POST'] }] }} />);
    expect(container.textContent).toBe('');
  });
});
