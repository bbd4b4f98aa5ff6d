import type { TMealUsual } from '@suite/shared/schemas/meal-transfers';

const key = (s: string) => s.trim().toLowerCase();

/**
 * A round's options with the person's usual ones first: favourites (in their order), then the most chosen (by count),
 * then the rest as the host listed them. Each is marked 'favourite', 'frequent' or null.
 */
export function usualFirst<T extends { name: string }>(options: T[], usual: TMealUsual | undefined): { option: T; mark: 'favourite' | 'frequent' | null }[] {
  const rank = new Map<string, { order: number; mark: 'favourite' | 'frequent' }>();
  usual?.favourites.forEach((name, i) => rank.set(key(name), { order: i, mark: 'favourite' }));
  usual?.frequent.forEach((f, i) => {
    if (!rank.has(key(f.name))) rank.set(key(f.name), { order: 100 + i, mark: 'frequent' });
  });
  return options
    .map((option, i) => ({ option, i, r: rank.get(key(option.name)) }))
    .sort((a, b) => (a.r?.order ?? 1000 + a.i) - (b.r?.order ?? 1000 + b.i))
    .map(({ option, r }) => ({ option, mark: r?.mark ?? null }));
}
