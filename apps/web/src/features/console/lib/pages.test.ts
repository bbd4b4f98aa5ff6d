import { describe, expect, it } from 'vitest';
import { pageItems } from './pages';

describe('pageItems', () => {
  it('shows first, last and current ± 1 with ellipses', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(5, 10)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]);
    expect(pageItems(1, 10)).toEqual([1, 2, 'ellipsis', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'ellipsis', 9, 10]);
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, 'ellipsis', 10]);
  });
});
