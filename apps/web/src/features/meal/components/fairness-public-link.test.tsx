import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { koMealFairness } from '@suite/shared/messages/ko-meal-fairness';
import { FairnessPublicLink } from './fairness-public-link';

const t = koMealFairness.ui;
afterEach(cleanup);

describe('FairnessPublicLink', () => {
  it('links the public verify page and says where the commitment was published', () => {
    render(<FairnessPublicLink meal={{ id: 'm-1', slack: { channel: '#점심', ts: '1790000000.000100' } }} />);
    expect(screen.getByRole('link', { name: t.openVerifyPage }).getAttribute('href')).toBe('/meal/verify/m-1');
    expect(screen.getByTestId('slack-commitment').textContent).toBe(t.slackPublished('#점심'));
  });
  it('says so when Slack could not take the commitment, and says nothing of Slack for a seed without it', () => {
    render(<FairnessPublicLink meal={{ id: 'm-2', slack: { channel: '#점심', ts: null } }} />);
    expect(screen.getByTestId('slack-commitment').textContent).toBe(t.slackNotPublished('#점심'));
    cleanup();
    render(<FairnessPublicLink meal={{ id: 'm-3', slack: null }} />);
    expect(screen.queryByTestId('slack-commitment')).toBeNull();
    expect(screen.getByRole('link', { name: t.openVerifyPage })).toBeTruthy();
  });
});
