import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import { koMealPolicy } from '@suite/shared/messages/ko-meal-policy';
import type { TMealSettings } from '@suite/shared/schemas/meal-policy';
import { tokenStorage } from '@/lib/token-storage';
import { fillRound, showMealForm } from '../testing/meal-form-kit';

const mutate = vi.fn();
vi.mock('../api/create-meal', () => ({ useCreateMeal: () => ({ mutate, isPending: false }) }));

const t = ko.meal.ui;
const p = koMealPolicy.ui;
const settings = (over: Partial<TMealSettings>): TMealSettings => ({
  reminderEveryDays: 3,
  reminderHour: 10,
  subsidyPerDay: 8000,
  companyCardHolderId: null,
  spenders: 'admins',
  spenderIds: [],
  canManage: false,
  canSpend: true,
  canReport: false,
  policyActive: true,
  ...over,
});

const showForm = (s: TMealSettings) => showMealForm({ '/meal-settings': { success: true, message: '', data: s } });

afterEach(() => {
  cleanup();
  mutate.mockReset();
  tokenStorage.clear();
  vi.unstubAllGlobals();
});

describe('MealForm: the company meal policy', () => {
  it('is on by default for a spender when the seed has a policy, and sends 법인카드 when chosen', async () => {
    showForm(settings({}));
    const toggle = (await screen.findByRole('switch', { name: new RegExp(p.applyPolicy) })) as HTMLInputElement;
    await waitFor(() => expect(toggle.checked).toBe(true));
    fillRound('회식', '삼겹살', 15000);
    fireEvent.change(screen.getByLabelText(p.payWith), { target: { value: 'company_card' } });
    fireEvent.click(screen.getByRole('button', { name: t.create }));
    await waitFor(() => expect(mutate).toHaveBeenCalled());
    expect(mutate.mock.calls[0]![0]).toMatchObject({ applyPolicy: true, payWith: 'company_card' });
  });

  it('can be switched off', async () => {
    showForm(settings({}));
    const toggle = (await screen.findByRole('switch', { name: new RegExp(p.applyPolicy) })) as HTMLInputElement;
    await waitFor(() => expect(toggle.checked).toBe(true));
    fireEvent.click(toggle);
    fillRound('회식', '삼겹살', 15000);
    fireEvent.click(screen.getByRole('button', { name: t.create }));
    await waitFor(() => expect(mutate).toHaveBeenCalled());
    expect(mutate.mock.calls[0]![0]).toMatchObject({ applyPolicy: false, payWith: 'member' });
  });

  it('is not offered to someone who may not spend, and the round is sent without it', async () => {
    showForm(settings({ canSpend: false }));
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledWith(expect.stringContaining('/meal-settings'), expect.anything()));
    expect(screen.queryByTestId('policy-fields')).toBeNull();
    fillRound('회식', '삼겹살', 15000);
    fireEvent.click(screen.getByRole('button', { name: t.create }));
    await waitFor(() => expect(mutate).toHaveBeenCalled());
    expect(mutate.mock.calls[0]![0]).not.toHaveProperty('applyPolicy');
    expect(mutate.mock.calls[0]![0]).not.toHaveProperty('payWith');
  });
});
