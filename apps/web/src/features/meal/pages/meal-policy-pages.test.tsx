import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { koMealPolicy } from '@suite/shared/messages/ko-meal-policy';
import type { TMealReport, TMealSettings } from '@suite/shared/schemas/meal-policy';
import { CompanyAccounts } from '../components/company-accounts';
import { MealSettingsForm } from '../components/meal-settings-form';
import { ReportSheet } from './meal-report-page';

const mutate = vi.fn();
vi.mock('../api/meal-settings', () => ({ useSaveMealSettings: () => ({ mutate, isPending: false }) }));
const settleMutate = vi.fn();
vi.mock('../api/company-settlement', () => ({ useCreateCompanySettlement: () => ({ mutate: settleMutate, isPending: false }) }));

const p = koMealPolicy.ui;
afterEach(() => {
  cleanup();
  mutate.mockReset();
});

const settings: TMealSettings = {
  reminderEveryDays: 3,
  reminderHour: 10,
  subsidyPerDay: 8000,
  companyCardHolderId: null,
  spenders: 'admins',
  spenderIds: [],
  canManage: true,
  canSpend: true,
  canReport: true,
  policyActive: true,
};
const members = [{ user_id: '11111111-1111-4111-8111-111111111111', email: 'a@example.com', full_name: '이하나', role: 'member' as const, joined_at: '' }];

describe('meal settings form', () => {
  it('refuses a negative or fractional subsidy in Korean before sending, then sends whole won', async () => {
    render(<MealSettingsForm seedId="s1" settings={settings} members={members} />);
    const subsidy = screen.getByLabelText(p.subsidyPerDay);
    for (const bad of ['-1000', '1000.5']) {
      fireEvent.change(subsidy, { target: { value: bad } });
      fireEvent.click(screen.getByRole('button', { name: p.save }));
      expect(await screen.findByText(koMealPolicy.validation.subsidyPerDay)).toBeTruthy();
    }
    expect(mutate).not.toHaveBeenCalled();
    fireEvent.change(subsidy, { target: { value: '9,000' } });
    fireEvent.change(screen.getByLabelText(p.spenders), { target: { value: 'listed' } });
    fireEvent.click(await screen.findByLabelText('이하나'));
    fireEvent.click(screen.getByRole('button', { name: p.save }));
    await waitFor(() => expect(mutate).toHaveBeenCalled());
    expect(mutate.mock.calls[0]![0]).toEqual({
      reminderEveryDays: 3,
      reminderHour: 10,
      subsidyPerDay: 9000,
      companyCardHolderId: null,
      spenders: 'listed',
      spenderIds: [members[0]!.user_id],
    });
  });

  it('is read-only for members who may not manage', () => {
    render(<MealSettingsForm seedId="s1" settings={{ ...settings, canManage: false }} members={members} />);
    expect(screen.getByLabelText(p.subsidyPerDay).matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: p.save })).toBeNull();
    expect(screen.getByText(p.readOnly)).toBeTruthy();
  });
});

describe('the company in the ledger and the monthly report', () => {
  it('lists what the company pays back and what is owed to it; only the accountant marks a line settled', () => {
    const company = { reimbursements: [{ userId: 'a', name: '김주최', amount: 50_750 }], dues: [{ userId: 'b', name: '이하나', amount: 4_000 }] };
    render(<CompanyAccounts seedId="s1" company={company} />);
    expect(screen.getByText(koMealPolicy.ledger.companyOwes)).toBeTruthy();
    expect(screen.getByTestId('company-reimbursements').textContent).toContain('50,750원');
    expect(screen.getByTestId('company-dues').textContent).toContain('이하나4,000원');
    expect(screen.queryByRole('button', { name: koMealPolicy.ledger.settleLabel('이하나') })).toBeNull();
    cleanup();
    render(<CompanyAccounts seedId="s1" company={{ ...company, canSettle: true }} />);
    fireEvent.click(screen.getByRole('button', { name: koMealPolicy.ledger.settleLabel('이하나') }));
    expect(settleMutate.mock.calls[0]![0]).toEqual({ userId: 'b', amount: 4_000 });
  });

  it('prints the title, seed and the per-person and team tables', () => {
    const report: TMealReport = {
      month: '2026-11',
      seedName: '점심 팀',
      generatedAt: '2026-11-27T03:00:00.000Z',
      people: [{ userId: 'a', name: '이하나', team: '=SUM(1)', rounds: 2, total: 27_000, company: 22_000, personal: 5_000 }],
      teams: [{ teamId: 't', name: '=SUM(1)', budget: 10_000, used: 10_000, left: 0 }],
      totals: { rounds: 2, total: 27_000, company: 22_000, subsidy: 16_000, teamBudget: 6_000, personal: 5_000 },
    };
    render(
      <MemoryRouter>
        <ReportSheet report={report} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('2026년 11월 식대 정산 보고서');
    expect(screen.getByText(/점심 팀/)).toBeTruthy();
    expect(screen.getByTestId('report-people').textContent).toContain('22,000원');
    expect(screen.getByTestId('report-teams').textContent).toContain('=SUM(1)');
  });
});
