import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { renderRoutes } from '@/lib/testing/render-routes';
import { fakePolicyServer, fetchMock, POLICY } from '@/components/legal/test/policy-fixture';
import { PrivacyPage } from './legal-pages';

const t = ko.privacy.policy;
fakePolicyServer();

describe('/privacy', () => {
  it('renders the fetched policy: its articles as h2, tables, the version’s effective date and the operator details', async () => {
    renderRoutes([{ path: '/privacy', element: <PrivacyPage /> }], '/privacy');
    expect(screen.getByRole('status').textContent).toContain(t.ui.loading);
    expect(await screen.findByRole('heading', { level: 2, name: '제2조 (처리하는 개인정보의 항목)' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '개인정보 처리방침' })).toBeTruthy();
    expect(screen.getByText('시행일: 2031년 2월 3일')).toBeTruthy();
    expect(screen.getByText(POLICY.intro)).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: '개인정보 항목' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: '이메일 (회원 계정)' })).toBeTruthy();
    expect(screen.getByText('개인정보침해신고센터: (국번없이) 118')).toBeTruthy();
    expect(screen.getByText('이 개인정보 처리방침은 2031년 2월 3일부터 적용됩니다.')).toBeTruthy();
    const details = screen.getByTestId('legal-company-details');
    expect(details.textContent).toContain('사업자등록번호: 111-22-33333');
    expect(details.textContent).toContain('대표: 김대표');
    expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/api/privacy/policy'))).toHaveLength(1);
  });
});
