import { describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { koSite } from '@suite/shared/messages/ko-site';

/** /food-manager promises only what the meal manager does (issue 27: voting and arrival notices were never built). */
describe('/food-manager copy', () => {
  const text = JSON.stringify(koSite.foodManager);
  it('claims no voting and no arrival notices', () => {
    expect(text).not.toMatch(/투표|도착/);
  });
  it('names the split modes the meal manager offers', () => {
    for (const mode of [ko.meal.ui.split.even, ko.meal.ui.split.itemised, ko.meal.ui.split.sponsor, ko.meal.ui.split.ladder, ko.meal.ui.split.roulette])
      expect(text).toContain(mode);
  });
});
