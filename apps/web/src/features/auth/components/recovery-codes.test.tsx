/** Issue 27 item 28: the recovery codes, shown once, can be copied and saved as a .txt file. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import { RecoveryCodes, recoveryCodesText } from './recovery-codes';

const toastSuccess = vi.fn();
vi.mock('@/lib/toast', () => ({ toast: { success: (...a: unknown[]) => toastSuccess(...a), error: vi.fn() } }));

const CODES = ['a1b2c-3d4e5', 'f6a7b-8c9d0'];
const t = ko.accounts.ui;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RecoveryCodes', () => {
  it('copies every code, one a line', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<RecoveryCodes codes={CODES} email="owner@example.com" />);
    fireEvent.click(screen.getByRole('button', { name: t.recoveryCopy }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(t.recoveryCopied));
    expect(writeText).toHaveBeenCalledWith('a1b2c-3d4e5\nf6a7b-8c9d0');
  });

  it('saves a .txt file with a Korean header and the codes', async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:codes'), revokeObjectURL: () => undefined }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    render(<RecoveryCodes codes={CODES} email="owner@example.com" />);
    fireEvent.click(screen.getByRole('button', { name: t.recoveryDownload }));
    expect(clicked[0]!.download).toBe(t.recoveryFileName);
    expect(blobs[0]!.type).toBe('text/plain;charset=utf-8');
    const text = await blobs[0]!.text();
    expect(text).toContain('계정: owner@example.com');
    expect(text.trimEnd().split('\n').slice(-2)).toEqual(CODES);
    expect(recoveryCodesText(CODES, 'owner@example.com', new Date('2026-11-27T00:00:00Z'))).toContain('만든 날: 2026. 11. 27.');
  });
});
