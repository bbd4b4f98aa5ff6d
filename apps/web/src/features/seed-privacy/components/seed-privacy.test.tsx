import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ko, type TSeedPrivacyReceipt } from '@suite/shared';
import { tokenStorage } from '@/lib/token-storage';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import '@/lib/testing/resize-observer';
import { RequestForm } from './request-form';
import { RequestList } from './request-list';
import { ReceiptDialog } from './receipt-dialog';

const t = ko.privacy.seedRequests;
const v = ko.privacy.validation;
const SEED = '11111111-1111-4111-8111-111111111111';
const PATH = `/api/seeds/${SEED}/privacy/requests`;

const receipt = (over: Partial<TSeedPrivacyReceipt> = {}): TSeedPrivacyReceipt => ({
  id: '22222222-2222-4222-8222-222222222222',
  kind: 'erase',
  subjectKind: 'slackUserId',
  subjectMasked: 'U0***AB',
  status: 'done',
  receipt: { 'Slack 채널 메시지 사본': 2, '챗봇 대화': 1 },
  exportId: null,
  createdAt: '2026-11-27T03:00:00.000Z',
  completedAt: '2026-11-27T03:00:01.000Z',
  exportStatus: null,
  exportUrl: null,
  exportExpiresAt: null,
  ...over,
});

let answer: { status: number; body: unknown };
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  answer = { status: 201, body: receipt() };
  fetchMock = vi.fn(() =>
    Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } })),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const sent = () =>
  fetchMock.mock.calls.map(([url, init]) => {
    const i = init as RequestInit;
    return { method: i.method, path: new URL(String(url), 'http://localhost').pathname, body: i.body ? (JSON.parse(String(i.body)) as unknown) : undefined };
  });
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('RequestForm', () => {
  it("shows the shared schema's Korean message for a bad value and sends nothing", async () => {
    renderWithQueries(<RequestForm seedId={SEED} onDone={vi.fn()} />);
    fill(t.valueLabel, 'not-an-address');
    fireEvent.click(screen.getByRole('button', { name: t.submit }));
    expect(await screen.findByText(v.email)).toBeTruthy();
    fill(t.subjectTypeLabel, 'slackUserId');
    fill(t.valueLabel, 'u-lower');
    fireEvent.click(screen.getByRole('button', { name: t.submit }));
    expect(await screen.findByText(v.slackUserId)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends an export at once with the subject and the reason, then hands the receipt back', async () => {
    answer = { status: 201, body: receipt({ kind: 'export', subjectKind: 'chatbotVisitorId', status: 'pending', exportStatus: 'pending' }) };
    const onDone = vi.fn();
    renderWithQueries(<RequestForm seedId={SEED} onDone={onDone} />);
    fill(t.subjectTypeLabel, 'chatbotVisitorId');
    fill(t.valueLabel, ' 3f2a9c00-0000-4000-8000-00000000009c ');
    fill(t.reasonLabel, '고객 열람 요청');
    fireEvent.click(screen.getByRole('button', { name: t.submit }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()).toEqual([
      { method: 'POST', path: PATH, body: { kind: 'export', subject: { chatbotVisitorId: '3f2a9c00-0000-4000-8000-00000000009c' }, reason: '고객 열람 요청' } },
    ]);
  });

  it('asks before an erase; nothing is sent until the owner confirms', async () => {
    const onDone = vi.fn();
    renderWithQueries(<RequestForm seedId={SEED} onDone={onDone} />);
    fill(t.kindLabel, 'erase');
    fill(t.subjectTypeLabel, 'slackUserId');
    fill(t.valueLabel, 'U0CUSTAB');
    fireEvent.click(screen.getByRole('button', { name: t.submit }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(t.eraseConfirm)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: t.confirmErase }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ kind: 'erase', status: 'done' })));
    expect(sent()).toEqual([{ method: 'POST', path: PATH, body: { kind: 'erase', subject: { slackUserId: 'U0CUSTAB' } } }]);
  });

  it("shows the server's Korean refusal", async () => {
    answer = { status: 404, body: { success: false, code: 'PRIVACY_SUBJECT_NOT_FOUND', error: ko.privacy.server.subjectNotFound } };
    renderWithQueries(<RequestForm seedId={SEED} onDone={vi.fn()} />);
    fill(t.valueLabel, 'nobody@example.com');
    fireEvent.click(screen.getByRole('button', { name: t.submit }));
    expect(await screen.findByText(ko.privacy.server.subjectNotFound)).toBeTruthy();
  });
});

describe('RequestList and ReceiptDialog', () => {
  it('lists requests with their status, the export file while it is ready, and opens a receipt', async () => {
    const exportReady = receipt({
      id: '33333333-3333-4333-8333-333333333333',
      kind: 'export',
      subjectKind: 'email',
      subjectMasked: 'k***@example.com',
      exportId: '44444444-4444-4444-8444-444444444444',
      exportStatus: 'ready',
      exportUrl: '/api/me/export/44444444-4444-4444-8444-444444444444/download?token=abc',
    });
    answer = { status: 200, body: { data: [exportReady, receipt({ status: 'failed', receipt: {} })] } };
    const onReceipt = vi.fn();
    renderWithQueries(<RequestList seedId={SEED} onReceipt={onReceipt} />);
    const items = await screen.findAllByTestId('privacy-request');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('k***@example.com')).toBeTruthy();
    expect(within(items[0]!).getByText(t.status.done)).toBeTruthy();
    expect(within(items[0]!).getByRole('link', { name: t.download }).getAttribute('href')).toBe(exportReady.exportUrl);
    expect(within(items[1]!).getByText(t.status.failed)).toBeTruthy();
    expect(within(items[1]!).queryByRole('link')).toBeNull();
    fireEvent.click(within(items[0]!).getByRole('button', { name: t.receipt }));
    expect(onReceipt).toHaveBeenCalledWith(exportReady);
    expect(sent()).toEqual([{ method: 'GET', path: PATH, body: undefined }]);
  });

  it('the receipt shows the rows per table and saves them as JSON', async () => {
    const created: Blob[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (b: Blob) => (created.push(b), 'blob:receipt');
    URL.revokeObjectURL = () => undefined;
    onTestFinished(() => void Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const r = receipt();
    renderWithQueries(<ReceiptDialog receipt={r} seedName="점심 팀" onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(t.receiptTitle)).toBeTruthy();
    expect(within(dialog).getByText('U0***AB')).toBeTruthy();
    expect(within(dialog).getByText(t.receiptRows.erase)).toBeTruthy();
    expect(within(dialog).getByText('Slack 채널 메시지 사본').closest('tr')?.textContent).toContain('2');
    fireEvent.click(within(dialog).getByRole('button', { name: t.downloadJson }));
    const saved = JSON.parse(await created[0]!.text()) as Record<string, unknown>;
    expect(saved).toMatchObject({ seed: '점심 팀', subject: 'U0***AB', kind: 'erase', rows: r.receipt });
  });
});
