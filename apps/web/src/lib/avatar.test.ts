import { describe, expect, it } from 'vitest';
import { avatarColors, contrastRatio, hashString, initials } from './avatar';

describe('initials', () => {
  it.each([
    ['홍길동', '홍'],
    ['  김 철수 ', '김'],
    ['John Smith', 'JS'],
    ['mary ann lee', 'ML'],
    ['Alice', 'A'],
    ['', '?'],
    [null, '?'],
    ['   ', '?'],
  ])('%j → %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('avatarColors', () => {
  it('is stable for the same seed and ignores case', () => {
    expect(avatarColors('A@Example.com')).toEqual(avatarColors('a@example.com'));
    expect(hashString('x')).toBe(hashString('x'));
  });

  it('stays inside the spec ranges and keeps readable text', () => {
    for (let i = 0; i < 2000; i += 1) {
      const c = avatarColors(`user${i}@example.com`);
      expect(c.hue).toBeGreaterThanOrEqual(0);
      expect(c.hue).toBeLessThan(360);
      expect(c.saturation).toBeGreaterThanOrEqual(45);
      expect(c.saturation).toBeLessThanOrEqual(74);
      expect(c.lightness).toBeGreaterThanOrEqual(35);
      expect(c.lightness).toBeLessThanOrEqual(54);
      expect(c.background).toBe(`hsl(${c.hue} ${c.saturation}% ${c.lightness}%)`);
    }
  });

  it('follows the spec text rule (black above 50 % lightness) wherever it is readable', () => {
    let followed = 0;
    for (let i = 0; i < 500; i += 1) {
      const c = avatarColors(`seed-${i}`);
      if ((c.lightness > 50) === (c.color === '#000000')) followed += 1;
    }
    expect(followed).toBeGreaterThan(250);
  });

  it('computes WCAG contrast', () => {
    expect(contrastRatio(1, 0)).toBeCloseTo(21, 0);
  });
});
