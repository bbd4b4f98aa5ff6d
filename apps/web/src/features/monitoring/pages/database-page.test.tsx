import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TDatabaseResponse } from '@suite/shared/schemas/monitoring';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { DatabasePage } from './database-page';

const d = ko.monitoring.database;
const state = { role: 'admin' };
vi.mock('@/lib/session', () => ({ useSession: () => ({ user: { id: 'me', role: state.role } }) }));

const answer: TDatabaseResponse = {
  engine: 'postgres',
  version: '15.8',
  sizeBytes: 12 * 1024 * 1024,
  rowCounts: 'estimate',
  modules: [
    {
      module: 'core',
      sizeBytes: 3 * 1024 * 1024,
      tables: [
        { name: 'users', sizeBytes: 2 * 1024 * 1024, rows: 1234 },
        { name: 'seeds', sizeBytes: 1024 * 1024, rows: 56 },
      ],
    },
    { module: 'jobs', sizeBytes: 64 * 1024, tables: [{ name: 'jobs', sizeBytes: 64 * 1024, rows: 7 }] },
  ],
  migrations: [
    { name: '0000_init', createdAt: '2026-11-01T00:00:00.000Z' },
    { name: '0028_monitoring', createdAt: '2026-11-27T00:00:00.000Z' },
  ],
  pool: { max: 10, total: 3, idle: 2, waiting: 0 },
  backup: { madeAt: '2026-11-27T01:00:00.000Z', file: '/backups/suite.dump', sizeBytes: 5 * 1024 * 1024, engine: 'postgres' },
  slowStatements: { available: false, statements: [] },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DatabasePage', () => {
  beforeEach(() => {
    state.role = 'admin';
    localStorage.setItem('__access_token', 'test-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/admin/database'
          ? new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } })
          : new Response('{}', { status: 404 }),
      ),
    );
  });

  it('shows the engine, tables by module with rows, migrations newest first, the backup and that slow statements are unavailable', async () => {
    renderWithQueries(<DatabasePage />);
    expect(await screen.findByText(`${d.engines.postgres} 15.8`)).toBeTruthy();
    expect(screen.getAllByTestId('db-module').map((m) => m.dataset.module)).toEqual(['core', 'jobs']);
    const users = screen.getAllByTestId('db-table').find((r) => r.dataset.table === 'users')!;
    expect(
      within(users)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['users', '1,234', '2.0 MB']);
    expect(screen.getByText(d.rowsEstimate)).toBeTruthy();
    expect(screen.getAllByTestId('migration').map((m) => m.firstChild?.textContent)).toEqual(['0028_monitoring', '0000_init']);
    expect(within(screen.getByTestId('backup')).getByText('/backups/suite.dump')).toBeTruthy();
    expect(screen.getByText(d.slowUnavailable)).toBeTruthy();
    expect(screen.getByText(ko.monitoring.health.poolValue(3, 10, 2, 0))).toBeTruthy();
  });

  it('is refused to someone who is not a platform admin, without asking the server', async () => {
    state.role = 'user';
    renderWithQueries(<DatabasePage />);
    expect(screen.getByRole('alert').textContent).toBe(ko.consoleUi.forbidden);
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });
});
