import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko, type TDomain } from '@suite/shared';
import { tokenStorage } from '@/lib/token-storage';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import '@/lib/testing/resize-observer';
import { DomainForm } from './domain-form';
import { DomainList } from './domain-list';
import { TlsCard } from './tls-card';

const t = ko.domains.ui;
const SEED = '11111111-1111-4111-8111-111111111111';
const PATH = `/api/seeds/${SEED}/domains`;

const domain = (over: Partial<TDomain> = {}): TDomain => ({
  id: '22222222-2222-4222-8222-222222222222',
  host: 'api.example.co.kr',
  purpose: 'data-api',
  status: 'pending',
  records: [
    { type: 'CNAME', name: 'api.example.co.kr', value: 'suite.example.com', role: 'routing', found: true },
    { type: 'TXT', name: '_company-tools.api.example.co.kr', value: 'company-tools-verify=tok123', role: 'ownership', found: false },
  ],
  error: null,
  checkedAt: '2026-11-27T03:00:00.000Z',
  verifiedAt: null,
  createdAt: '2026-11-27T02:59:00.000Z',
  ...over,
});

type TAnswer = { status: number; body: unknown };
let answers: TAnswer[];
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  tokenStorage.set({ access_token: 'test-access-token' });
  answers = [];
  fetchMock = vi.fn(() => {
    const a = answers.length > 1 ? answers.shift()! : answers[0]!;
    return Promise.resolve(
      new Response(a.status === 204 ? null : JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } }),
    );
  });
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

describe('DomainList', () => {
  it('shows each host with its purpose, status, error reason and the records with what was found', async () => {
    answers = [
      {
        status: 200,
        body: {
          data: [
            domain({ error: 'DNS 조회에 실패했습니다.' }),
            domain({
              id: '33333333-3333-4333-8333-333333333333',
              host: 'help.example.co.kr',
              purpose: 'help',
              status: 'error',
              error: 'TXT 레코드가 보이지 않습니다.',
            }),
            domain({ id: '44444444-4444-4444-8444-444444444444', host: 'example.co.kr', purpose: 'mail', status: 'connected', checkedAt: null }),
          ],
        },
      },
    ];
    renderWithQueries(<DomainList seedId={SEED} />);
    const items = await screen.findAllByTestId('domain-item');
    expect(items).toHaveLength(3);
    const [api, help, mail] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(api).getByText('api.example.co.kr', { selector: 'h2' })).toBeTruthy();
    expect(within(api).getByTestId('domain-status').textContent).toBe(t.status.pending);
    expect(within(api).getByText(t.purposes['data-api'])).toBeTruthy();
    expect(within(api).getByText(t.pendingHint)).toBeTruthy();
    expect(within(api).getByText(`${t.lastCheckResult}: DNS 조회에 실패했습니다.`)).toBeTruthy();
    const rows = within(api).getAllByTestId('domain-record');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain(t.roles.routing);
    expect(within(rows[0]!).getByText(t.found)).toBeTruthy();
    expect(within(rows[1]!).getByText('company-tools-verify=tok123')).toBeTruthy();
    expect(within(rows[1]!).getByText(t.notFound)).toBeTruthy();
    expect(within(help).getByTestId('domain-status').textContent).toBe(t.status.error);
    expect(within(help).getByText(`${t.errorReason}: TXT 레코드가 보이지 않습니다.`)).toBeTruthy();
    expect(within(mail).getByTestId('domain-status').textContent).toBe(t.status.connected);
    expect(within(mail).getByText(t.neverChecked)).toBeTruthy();
    expect(within(mail).queryByText(t.pendingHint)).toBeNull();
  });

  it('copies a record value to the clipboard', async () => {
    answers = [{ status: 200, body: { data: [domain()] } }];
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithQueries(<DomainList seedId={SEED} />);
    fireEvent.click(await screen.findByRole('button', { name: t.copyValue(`TXT ${t.roles.ownership}`) }));
    expect(writeText).toHaveBeenCalledWith('company-tools-verify=tok123');
    fireEvent.click(screen.getByRole('button', { name: t.copyName(`CNAME ${t.roles.routing}`) }));
    expect(writeText).toHaveBeenLastCalledWith('api.example.co.kr');
  });

  it('지금 확인 posts verify and reloads; removal asks first and sends DELETE only after confirming', async () => {
    answers = [
      { status: 200, body: { data: [domain()] } },
      { status: 200, body: domain({ status: 'connected' }) },
      { status: 200, body: { data: [domain({ status: 'connected' })] } },
      { status: 204, body: null },
      { status: 200, body: { data: [] } },
    ];
    renderWithQueries(<DomainList seedId={SEED} />);
    fireEvent.click(await screen.findByRole('button', { name: t.verify }));
    await waitFor(() => expect(screen.getByTestId('domain-status').textContent).toBe(t.status.connected));
    fireEvent.click(screen.getByRole('button', { name: t.remove }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(t.removeConfirm('api.example.co.kr'))).toBeTruthy();
    expect(sent().some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: t.remove }));
    expect(await screen.findByText(t.empty)).toBeTruthy();
    const id = domain().id;
    expect(sent()).toEqual([
      { method: 'GET', path: PATH, body: undefined },
      { method: 'POST', path: `${PATH}/${id}/verify`, body: undefined },
      { method: 'GET', path: PATH, body: undefined },
      { method: 'DELETE', path: `${PATH}/${id}`, body: undefined },
      { method: 'GET', path: PATH, body: undefined },
    ]);
  });

  it("shows the server's Korean refusal (a member)", async () => {
    answers = [{ status: 403, body: { success: false, code: 'DOMAIN_FORBIDDEN', error: ko.domains.server.managersOnly } }];
    renderWithQueries(<DomainList seedId={SEED} />);
    expect((await screen.findByRole('alert')).textContent).toBe(ko.domains.server.managersOnly);
  });
});

describe('DomainForm', () => {
  it("shows the shared schema's Korean message for an empty host and sends nothing", async () => {
    renderWithQueries(<DomainForm seedId={SEED} />);
    fireEvent.change(screen.getByLabelText(t.hostLabel), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: t.add }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/[가-힣]/);
    expect(screen.getByLabelText(t.hostLabel).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the trimmed host and the chosen purpose, and shows the hint for that purpose', async () => {
    answers = [{ status: 201, body: domain({ purpose: 'mail', host: 'example.co.kr' }) }];
    renderWithQueries(<DomainForm seedId={SEED} />);
    fireEvent.change(screen.getByLabelText(t.purposeLabel), { target: { value: 'mail' } });
    expect(screen.getByText(t.purposeHints.mail)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(t.hostLabel), { target: { value: ' example.co.kr ' } });
    fireEvent.click(screen.getByRole('button', { name: t.add }));
    await waitFor(() => expect((screen.getByLabelText(t.hostLabel) as HTMLInputElement).value).toBe(''));
    expect(sent()).toEqual([{ method: 'POST', path: PATH, body: { host: 'example.co.kr', purpose: 'mail' } }]);
  });

  it("shows the server's Korean error under the host (taken by another seed)", async () => {
    answers = [{ status: 409, body: { success: false, code: 'DOMAIN_HOST_TAKEN', error: ko.domains.server.hostTaken, helpUrl: '/help/domains-status' } }];
    renderWithQueries(<DomainForm seedId={SEED} />);
    fireEvent.change(screen.getByLabelText(t.hostLabel), { target: { value: 'api.example.co.kr' } });
    fireEvent.click(screen.getByRole('button', { name: t.add }));
    expect((await screen.findByRole('alert')).textContent).toBe(ko.domains.server.hostTaken);
    expect(screen.getByLabelText(t.hostLabel).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('link', { name: new RegExp(ko.help.ui.errorLink) }).getAttribute('href')).toBe('/help/domains-status');
  });
});

describe('TlsCard', () => {
  it('lists the web hosts that need a certificate, not the mail domain', () => {
    renderWithQueries(<TlsCard domains={[domain(), domain({ id: '55555555-5555-4555-8555-555555555555', host: 'example.co.kr', purpose: 'mail' })]} />);
    const hosts = screen.getByRole('list', { name: t.tlsHosts });
    expect(within(hosts).getByText('api.example.co.kr')).toBeTruthy();
    expect(within(hosts).queryByText('example.co.kr')).toBeNull();
  });
});
