import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import { koMealFairness } from '@suite/shared/messages/ko-meal-fairness';
import type { TMealSlackChannels } from '@suite/shared/schemas/meal-verify';
import { tokenStorage } from '@/lib/token-storage';
import { fillRound, showMealForm } from '../testing/meal-form-kit';

const mutate = vi.fn();
vi.mock('../api/create-meal', () => ({ useCreateMeal: () => ({ mutate, isPending: false }) }));

const t = ko.meal.ui;
const f = koMealFairness.ui;

/** The form with the seed's Slack answer `slack`; any other request of the form answers an empty list. */
const showForm = (slack: TMealSlackChannels) => showMealForm({ '/meal-slack-channels': { data: slack } });

afterEach(() => {
  cleanup();
  mutate.mockReset();
  tokenStorage.clear();
  vi.unstubAllGlobals();
});

describe('MealForm: the Slack channel of a game round', () => {
  it('is asked for when the seed has a workspace, offers its channels, and is sent with the round', async () => {
    showForm({ connected: true, teamName: '우리 회사', channels: ['C0LUNCH001', 'C0TEAM0002'], defaultChannel: 'C0LUNCH001' });
    const field = (await screen.findByLabelText(f.slackChannel)) as HTMLInputElement;
    expect(field.placeholder).toBe('C0LUNCH001');
    expect(screen.getByText(f.slackChannelHelp('C0LUNCH001'))).toBeTruthy();
    expect([...document.querySelectorAll('#meal-slack-channels option')].map((o) => (o as HTMLOptionElement).value)).toEqual(['C0LUNCH001', 'C0TEAM0002']);
    fillRound('사다리 점심', '비빔밥', 9000);
    fireEvent.change(field, { target: { value: ' #점심-공지 ' } });
    fireEvent.click(screen.getByRole('button', { name: t.create }));
    await waitFor(() => expect(mutate).toHaveBeenCalled());
    expect(mutate.mock.calls[0]![0]).toMatchObject({ split: 'ladder', slackChannel: '#점심-공지' });
  });

  it('refuses a malformed channel in Korean before sending, and leaves it out when empty (the default channel)', async () => {
    showForm({ connected: true, teamName: '우리 회사', channels: ['C0LUNCH001'], defaultChannel: 'C0LUNCH001' });
    const field = await screen.findByLabelText(f.slackChannel);
    fillRound('사다리 점심', '비빔밥', 9000);
    fireEvent.change(field, { target: { value: 'lunch channel!' } });
    fireEvent.click(screen.getByRole('button', { name: t.create }));
    expect(await screen.findByText(koMealFairness.validation.slackChannel)).toBeTruthy();
    expect(mutate).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: t.create }));
    await waitFor(() => expect(mutate).toHaveBeenCalled());
    expect(mutate.mock.calls[0]![0]).not.toHaveProperty('slackChannel');
  });

  it('is not shown without a connected workspace', async () => {
    showForm({ connected: false, teamName: null, channels: [], defaultChannel: null });
    await screen.findByLabelText(t.fields.title);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledWith(expect.stringContaining('/meal-slack-channels'), expect.anything()));
    expect(screen.queryByLabelText(f.slackChannel)).toBeNull();
  });
});
