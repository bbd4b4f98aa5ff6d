import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { renderWithQueries } from '@/lib/testing/render-with-queries';
import { PrivacyPolicy } from './privacy-policy';
import { answers, fakePolicyServer, json, POLICY } from './test/policy-fixture';

const t = ko.privacy.policy;
fakePolicyServer();

describe('PrivacyPolicy (the sign-up dialog’s content)', () => {
  it('uses h3 headings by default', async () => {
    renderWithQueries(<PrivacyPolicy />);
    expect(await screen.findByRole('heading', { level: 3, name: '제13조 (권익침해 구제 방법)' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });

  it('says so when the policy cannot be loaded, and loads it again on 다시 시도', async () => {
    answers.push(json({ error: { code: 'INTERNAL', message: '오류' } }, 500));
    renderWithQueries(<PrivacyPolicy />);
    expect((await screen.findByRole('alert')).textContent).toContain(t.ui.loadFailed);
    expect(screen.queryByText(POLICY.intro)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t.ui.retry }));
    expect(await screen.findByText(POLICY.intro)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
