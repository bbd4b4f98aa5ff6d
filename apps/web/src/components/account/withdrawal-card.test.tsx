import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ko, type TPublicCompany } from '@suite/shared';
import { WithdrawalCard } from './withdrawal-card';

const t = ko.authUi.settings.withdrawal;
const none: TPublicCompany = { name: null, representative: null, businessNumber: null, mailOrderNumber: null, address: null, email: null, phone: null };
const company = vi.hoisted(() => ({ value: null as TPublicCompany | null }));
vi.mock('@/lib/company', () => ({ useCompany: () => company.value }));

afterEach(cleanup);
const renderCard = (c: TPublicCompany) => {
  company.value = c;
  render(
    <MemoryRouter>
      <WithdrawalCard accountEmail="kim@example.com" />
    </MemoryRouter>,
  );
};

describe('회원 탈퇴 on the settings page (terms 제15조)', () => {
  it("says how to ask, with the operator's configured e-mail (a prepared mail naming the account) and phone", () => {
    renderCard({ ...none, email: 'privacy@company.example', phone: '02-123-4567' });
    expect(screen.getByRole('heading', { name: t.title })).toBeTruthy();
    // Self-service deletion exists now (issue 32): the card says so and links to it.
    expect(screen.getByText(ko.privacy.settingsUi.withdrawal.selfService)).toBeTruthy();
    expect(screen.getByRole('link', { name: ko.privacy.settingsUi.withdrawal.link }).getAttribute('href')).toBe('/settings/privacy');
    expect(screen.queryByText(/준비 중/)).toBeNull();
    const contact = screen.getByTestId('withdrawal-contact');
    const mail = within(contact).getByRole('link', { name: 'privacy@company.example' });
    const href = mail.getAttribute('href')!;
    expect(href.startsWith('mailto:privacy@company.example?')).toBe(true);
    const params = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(params.get('subject')).toBe(t.mailSubject);
    expect(params.get('body')).toContain('kim@example.com');
    expect(within(contact).getByRole('link', { name: '02-123-4567' }).getAttribute('href')).toBe('tel:021234567');
    expect(screen.getByRole('link', { name: t.privacy }).getAttribute('href')).toBe('/privacy');
  });

  it('deletes nothing itself (no button: the privacy screen asks for the password), and invents no contact when none is configured', () => {
    renderCard(none);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('withdrawal-contact')).toBeNull();
    expect(screen.getByText(t.noContact)).toBeTruthy();
  });
});
