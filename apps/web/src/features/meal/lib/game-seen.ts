import { useCallback, useState } from 'react';

/**
 * Whether this user has played (or skipped) a round's game in this browser. Until then the screen keeps the payer
 * hidden, so the game is not spoiled by the shares shown beside it. Kept in localStorage per user and round.
 */
const keyOf = (userId: string, mealId: string) => `meal-game-seen:${userId}:${mealId}`;

function read(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function useGameSeen(userId: string, mealId: string): [boolean, () => void] {
  const key = keyOf(userId, mealId);
  const [seen, setSeen] = useState(() => read(key));
  const markSeen = useCallback(() => {
    try {
      localStorage.setItem(key, '1');
    } catch {
      // Private mode or a full store: the result stays shown for this visit only.
    }
    setSeen(true);
  }, [key]);
  return [seen, markSeen];
}
