import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TMeal } from '@suite/shared/schemas/meal';
import { useGameSeen } from '../lib/game-seen';
import { GamePanel } from './game-panel';

// Reduced motion: every game shows its end state at once, so the test needs no timers.
vi.mock('@/lib/use-media-query', () => ({ useMediaQuery: () => true }));

const t = ko.meal.ui;
const people = ['김주최', '이하나', '최대리'].map((name, i) => ({ userId: `u${i}`, name }));

function meal(split: 'ladder' | 'roulette', payers: number[]): TMeal {
  return {
    id: `m-${split}-${payers.join('')}`,
    split,
    payerCount: payers.length,
    participants: people.map((p) => ({ ...p, status: 'joined', choice: 'x', choiceLabel: '국밥', price: 9000, clientSeed: null })),
    draw: {
      payers: payers.map((i) => ({ ...people[i]!, index: i })),
      serverSeed: 'a'.repeat(64),
      commitment: 'b'.repeat(64),
      clientSeeds: people.map((p) => ({ userId: p.userId, clientSeed: '' })),
      h: 'c'.repeat(64),
    },
  } as unknown as TMeal;
}

function Screen({ m }: { m: TMeal }) {
  const [seen, markSeen] = useGameSeen('me', m.id);
  return (
    <>
      <GamePanel meal={m} seen={seen} onSeen={markSeen} />
      <p data-testid="shares">{seen ? t.paidBy(m.draw!.payers[0]!.name) : t.sharesHidden}</p>
    </>
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('GamePanel', () => {
  it('keeps the payer hidden (on screen and for screen readers) until the game is played, and remembers it', () => {
    const m = meal('ladder', [2]);
    render(<Screen m={m} />);
    expect(document.body.textContent).not.toContain('최대리 님이');
    expect(screen.getByTestId('game-result').textContent).toBe('');
    expect(screen.getByText(t.playHint)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t.play }));
    expect(screen.getByTestId('game-result').textContent).toBe(t.result('최대리'));
    expect(screen.getByTestId('shares').textContent).toBe(t.paidBy('최대리'));
    cleanup();
    // A reload in the same browser: already played, the result stays visible.
    render(<Screen m={m} />);
    expect(screen.getByTestId('game-result').textContent).toBe(t.result('최대리'));
  });

  it('reveals the result when the game is skipped', () => {
    render(<Screen m={meal('ladder', [1])} />);
    expect(screen.getByTestId('game-result').textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: t.skip }));
    expect(screen.getByTestId('game-result').textContent).toBe(t.result('이하나'));
  });

  it('spins the roulette once per payer, revealing each, over the people not drawn yet', () => {
    render(<Screen m={meal('roulette', [2, 0])} />);
    fireEvent.click(screen.getByRole('button', { name: t.play }));
    expect(screen.getByTestId('spin-results').textContent).toBe(t.spinResult(1, '최대리'));
    expect(screen.getByTestId('game-result').textContent).toBe('');
    expect(screen.getByTestId('shares').textContent).toBe(t.sharesHidden);
    // The second wheel has only the two not drawn yet.
    expect(screen.getByTestId('roulette').querySelectorAll('path')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: t.nextSpin(2, 2) }));
    expect(screen.getByTestId('roulette').querySelectorAll('path')).toHaveLength(2);
    expect(screen.getByTestId('spin-results').textContent).toBe(t.spinResult(1, '최대리') + t.spinResult(2, '김주최'));
    expect(screen.getByTestId('game-result').textContent).toBe(t.result('최대리, 김주최'));
  });
});
