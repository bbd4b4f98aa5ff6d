import { describe, expect, it } from 'vitest';
import { usualFirst } from './usual-menus';

describe('usualFirst', () => {
  const options = ['비빔밥', '김치찌개', '제육볶음', '냉면'].map((name, i) => ({ id: `o${i}`, name }));
  it('puts favourites first, then the most chosen, then the rest in the host’s order, and marks them', () => {
    const got = usualFirst(options, {
      favourites: ['냉면'],
      frequent: [
        { name: '김치찌개 ', count: 3 },
        { name: '냉면', count: 1 },
      ],
    });
    expect(got.map((x) => [x.option.name, x.mark])).toEqual([
      ['냉면', 'favourite'],
      ['김치찌개', 'frequent'],
      ['비빔밥', null],
      ['제육볶음', null],
    ]);
  });
  it('keeps the host’s order without usual menus', () => {
    expect(usualFirst(options, undefined).map((x) => x.option.name)).toEqual(['비빔밥', '김치찌개', '제육볶음', '냉면']);
  });
});
