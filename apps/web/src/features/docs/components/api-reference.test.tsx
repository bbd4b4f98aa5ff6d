import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import { SAMPLE_DOC } from '../testing/sample-openapi';
import { ApiReference } from './api-reference';

const t = ko.docs.reference;
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ApiReference', () => {
  it('groups by tag, renders operations only when their tag opens, and filters by the search box', () => {
    render(<ApiReference doc={SAMPLE_DOC} origin="https://suite.example" />);
    expect(screen.getByText(t.count(4, 4))).toBeTruthy();
    expect(screen.queryByText('/api/health')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t.openTag('시스템', 1) }));
    expect(screen.getByText('/api/health')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(t.searchLabel), { target: { value: '회의실 만들기' } });
    expect(screen.getByText(t.count(1, 4))).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.openTag('시스템', 1) })).toBeNull();
    const rooms = screen.getByRole('region', { name: '회의실' });
    expect(within(rooms).getAllByRole('listitem')).toHaveLength(1);
    expect(within(rooms).getByText('회의실 만들기')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(t.searchLabel), { target: { value: '없는작업' } });
    expect(screen.getByText(t.empty)).toBeTruthy();
  });

  it('opens an operation with its parameters and a curl that the copy button writes to the clipboard', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    render(<ApiReference doc={SAMPLE_DOC} origin="https://suite.example" />);
    fireEvent.change(screen.getByLabelText(t.searchLabel), { target: { value: 'post /rooms' } });
    fireEvent.click(screen.getByRole('button', { name: /\/api\/seeds\/\{seedId\}\/rooms/ }));
    const curl = screen.getByTestId('curl').textContent ?? '';
    expect(curl).toContain("curl -X POST 'https://suite.example/api/seeds/{seedId}/rooms'");
    expect(curl).toContain(`-H 'Authorization: Bearer ${t.tokenPlaceholder}'`);
    expect(curl).toContain(`"capacity":1`);
    expect(screen.getByText(/name\*: string/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `${t.copyCurl}: POST /api/seeds/{seedId}/rooms` }));
    expect(writeText).toHaveBeenCalledWith(curl);
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith(t.copied));
  });
});
