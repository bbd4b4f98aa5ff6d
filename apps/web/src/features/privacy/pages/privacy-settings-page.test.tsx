import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import { renderRoutes } from '@/lib/testing/render-routes';
import { fakePrivacyApi, initialState, type TCall, type TFakeState } from '../lib/privacy-test-kit';
import { DeletionBanner } from '../components/deletion-banner';
import { PrivacySettingsPage } from './privacy-settings-page';

const t = ko.privacy.settingsUi;
let state: TFakeState;
const calls: TCall[] = [];

beforeEach(() => {
  state = initialState();
  calls.length = 0;
  localStorage.setItem('__access_token', 'test-token');
  vi.stubGlobal('fetch', vi.fn(fakePrivacyApi(state, calls)));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const renderPage = () =>
  renderRoutes(
    [
      { path: '/settings/privacy', element: <PrivacySettingsPage /> },
      { path: '/login', element: <p>login page</p> },
    ],
    '/settings/privacy',
  );
const section = (title: string) => screen.getByRole('heading', { name: title }).closest('[aria-labelledby]') as HTMLElement;
const sent = (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);

describe('개인정보 관리: 내 데이터 다운로드', () => {
  it('requests an export, shows it pending with a spinner while polling, then the download link and its expiry', async () => {
    renderPage();
    const box = section(t.export.title);
    await within(box).findByText(t.export.none);
    fireEvent.click(within(box).getByRole('button', { name: t.export.request }));
    expect(await within(box).findByText(t.export.pending)).toBeTruthy();
    expect(sent('POST', '/api/me/export')).toHaveLength(1);
    // While one is being made another cannot be asked for (the server would answer PRIVACY_EXPORT_BUSY).
    expect(within(box).getByRole('button', { name: t.export.request }).hasAttribute('disabled')).toBe(true);
    const link = await within(box).findByRole('link', { name: /ZIP 다운로드/ }, { timeout: 6_000 });
    const id = state.exports[0]!.id;
    expect(link.getAttribute('href')).toBe(`/api/me/export/${id}/download?token=t`);
    expect(link.hasAttribute('download')).toBe(true);
    expect(link.textContent).toContain('2.0 KB');
    expect(within(box).getByText(t.export.expires('2026년 11월 28일 12:00'))).toBeTruthy();
    expect(sent('GET', `/api/me/export/${id}`).length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(within(box).getByRole('button', { name: t.export.request }).hasAttribute('disabled')).toBe(false));
  });

  it('shows a failed and an expired export as such, and lists earlier ones', async () => {
    const base = { createdAt: '2026-11-20T01:00:00.000Z', readyAt: null, expiresAt: null, sizeBytes: null };
    state.exports = [
      { ...base, id: crypto.randomUUID(), status: 'failed' },
      { ...base, id: crypto.randomUUID(), status: 'expired' },
    ];
    renderPage();
    const box = section(t.export.title);
    expect(await within(box).findByText(t.export.failed)).toBeTruthy();
    expect(within(box).getByText(t.export.recent)).toBeTruthy();
    expect(within(box).getByText(t.export.status.expired)).toBeTruthy();
    expect(within(box).queryByRole('link')).toBeNull();
  });
});

describe('개인정보 관리: 동의 관리', () => {
  it('withdraws marketing through PATCH; the night-time consent is then off and disabled; required ones are shown as 필수', async () => {
    renderPage();
    const box = section(t.consents.title);
    const marketing = await within(box).findByRole('checkbox', { name: t.consents.kinds.marketing });
    const night = within(box).getByRole('checkbox', { name: t.consents.kinds.marketingNight });
    expect(marketing.getAttribute('aria-checked')).toBe('true');
    expect(night.hasAttribute('disabled')).toBe(false);
    for (const kind of ['terms', 'privacy', 'age14'] as const) expect(within(box).getByText(t.consents.kinds[kind])).toBeTruthy();
    expect(within(box).getAllByText(t.consents.required).length).toBeGreaterThanOrEqual(3);
    fireEvent.click(marketing);
    await waitFor(() => expect(marketing.getAttribute('aria-checked')).toBe('false'));
    expect(sent('PATCH', '/api/me/consents').map((c) => c.body)).toEqual([{ marketing: false }]);
    expect(night.hasAttribute('disabled')).toBe(true);
    expect(within(box).getByText(t.consents.nightNeedsMarketing, { exact: false })).toBeTruthy();
    expect(within(box).getAllByText(t.consents.changedAt('2026년 11월 27일 14:30'), { exact: false }).length).toBeGreaterThan(0);
  });

  it('grants the night-time consent on its own', async () => {
    renderPage();
    const night = await within(section(t.consents.title)).findByRole('checkbox', { name: t.consents.kinds.marketingNight });
    fireEvent.click(night);
    await waitFor(() => expect(night.getAttribute('aria-checked')).toBe('true'));
    expect(sent('PATCH', '/api/me/consents').map((c) => c.body)).toEqual([{ marketingNight: true }]);
  });
});

describe('개인정보 관리: 내 정보를 받은 외부 서비스', () => {
  it('names each service with purpose and items, whether it received my data, and 설정되지 않음 when not configured', async () => {
    const r = { role: 'processor' as const, purpose: '메일 발송', items: ['이메일', '이름'] };
    state.recipients = {
      data: [
        { ...r, key: 'smtp', name: '메일 서버', configured: true, received: true, lastAt: '2026-11-27T03:00:00.000Z' },
        { ...r, key: 'llm', name: '언어 모델', configured: true, received: false, lastAt: null },
        { ...r, key: 'toss', name: '토스페이먼츠', role: 'third_party', configured: false, received: false, lastAt: null },
      ],
    };
    renderPage();
    const smtp = await screen.findByTestId('recipient-smtp');
    expect(within(smtp).getByText(t.recipients.receivedAt('2026년 11월 27일 12:00'))).toBeTruthy();
    expect(within(smtp).getByText('이메일, 이름')).toBeTruthy();
    expect(within(smtp).getByText('메일 발송')).toBeTruthy();
    expect(within(screen.getByTestId('recipient-llm')).getByText(t.recipients.notReceived)).toBeTruthy();
    const toss = screen.getByTestId('recipient-toss');
    expect(within(toss).getByText(t.recipients.notConfigured)).toBeTruthy();
    expect(within(toss).getByText(t.recipients.roles.third_party)).toBeTruthy();
  });
});

describe('개인정보 관리: 계정 삭제', () => {
  const openDialog = async () => {
    fireEvent.click(await within(section(t.deletion.title)).findByRole('button', { name: t.deletion.start }));
    return screen.findByRole('alertdialog');
  };

  it("asks for the password; a wrong one shows the server's message; the right one schedules it, signs out and goes to /login", async () => {
    const router = renderPage();
    const dialog = await openDialog();
    const submit = within(dialog).getByRole('button', { name: t.deletion.confirm });
    fireEvent.click(submit);
    expect(await within(dialog).findByText(ko.privacy.validation.reauth)).toBeTruthy();
    expect(sent('DELETE', '/api/me')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(t.deletion.password), { target: { value: 'wrong' } });
    fireEvent.click(submit);
    expect(await within(dialog).findByText('비밀번호가 올바르지 않습니다.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(t.deletion.password), { target: { value: 'correct horse' } });
    fireEvent.click(submit);
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(sent('DELETE', '/api/me').map((c) => c.body)).toEqual([{ password: 'wrong' }, { password: 'correct horse' }]);
    expect(sent('POST', '/api/logout')).toHaveLength(1);
    expect(localStorage.getItem('__access_token')).toBeNull();
  });

  it('asks a second-factor code from an account without a password, and says what to do when it has neither', async () => {
    state.deletion = { ...state.deletion, hasPassword: false, hasSecondFactor: true };
    renderPage();
    let dialog = await openDialog();
    expect(within(dialog).getByText(t.deletion.byCode)).toBeTruthy();
    expect(within(dialog).queryByLabelText(t.deletion.password)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(t.deletion.code), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t.deletion.confirm }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(sent('DELETE', '/api/me').map((c) => c.body)).toEqual([{ secondFactorCode: '123456' }]);

    cleanup();
    state.deletion = { ...state.deletion, deleteAt: null, hasPassword: false, hasSecondFactor: false };
    localStorage.setItem('__access_token', 'test-token');
    renderPage();
    dialog = await openDialog();
    expect(within(dialog).getByText(t.deletion.noReauth)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: t.deletion.confirm })).toBeNull();
  });

  it("with owned seeds: lists them with the way to /admin/seeds, and the server's refusal shows in the dialog", async () => {
    state.deletion = { ...state.deletion, ownedSeeds: [{ id: crypto.randomUUID(), seed_name: '우리 회사', members: 3 }] };
    renderPage();
    const box = section(t.deletion.title);
    expect(await within(box).findByText('우리 회사')).toBeTruthy();
    expect(within(box).getByText(t.deletion.seedMembers(3))).toBeTruthy();
    expect(within(box).getByRole('link', { name: t.deletion.toSeeds }).getAttribute('href')).toBe('/admin/seeds');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText(t.deletion.password), { target: { value: 'correct horse' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t.deletion.confirm }));
    expect(await within(dialog).findByText('소유한 시드가 있어 계정을 삭제할 수 없습니다.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: t.deletion.toSeeds }).getAttribute('href')).toBe('/admin/seeds');
  });

  it('while a deletion is pending: the banner gives the date, 삭제 취소 cancels it and the banner goes away', async () => {
    state.deletion = { ...state.deletion, deleteAt: '2026-12-27T03:00:00.000Z' };
    renderPage();
    const banner = await screen.findByTestId('deletion-banner');
    expect(within(banner).getByText(t.banner.text('2026년 12월 27일'))).toBeTruthy();
    // On this page the banner needs no link to it (the dashboard's has one).
    expect(within(banner).queryByRole('link', { name: t.banner.manage })).toBeNull();
    expect(within(section(t.deletion.title)).queryByRole('button', { name: t.deletion.start })).toBeNull();
    fireEvent.click(within(banner).getByRole('button', { name: t.banner.cancel }));
    await waitFor(() => expect(screen.queryByTestId('deletion-banner')).toBeNull());
    expect(sent('POST', '/api/me/deletion/cancel')).toHaveLength(1);
    expect(await within(section(t.deletion.title)).findByRole('button', { name: t.deletion.start })).toBeTruthy();
  });

  it('on /dashboard the banner links to this screen; without a pending deletion there is none', async () => {
    state.deletion = { ...state.deletion, deleteAt: '2026-12-27T03:00:00.000Z' };
    const router = renderRoutes([{ path: '/dashboard', element: <DeletionBanner withLink /> }], '/dashboard');
    const banner = await screen.findByTestId('deletion-banner');
    expect(within(banner).getByRole('link', { name: t.banner.manage }).getAttribute('href')).toBe('/settings/privacy');
    cleanup();
    state.deletion = { ...state.deletion, deleteAt: null };
    renderRoutes([{ path: '/dashboard', element: <DeletionBanner withLink /> }], '/dashboard');
    await waitFor(() => expect(sent('GET', '/api/me/deletion').length).toBe(2));
    expect(screen.queryByTestId('deletion-banner')).toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
