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

  it('uses the spec text colour (black above 50 % lightness) unless it is below 4.5:1, then the other one', () => {
    // Independent of the code under test: HSL → sRGB → relative luminance (WCAG 2.x).
    const lum = (h: number, s: number, l: number) => {
      const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
      const f = (n: number) => {
        const k = (n + h / 30) % 12;
        const v = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
        return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(0) + 0.7152 * f(8) + 0.0722 * f(4);
    };
    const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    let swapped = 0;
    for (let i = 0; i < 500; i += 1) {
      const c = avatarColors(`seed-${i}`);
      const bg = lum(c.hue, c.saturation, c.lightness);
      const specBlack = c.lightness > 50;
      const specOk = ratio(bg, specBlack ? 0 : 1) >= 4.5;
      const black = specOk ? specBlack : !specBlack;
      if (!specOk) swapped += 1;
      expect(c.color, `seed-${i}`).toBe(black ? '#000000' : '#ffffff');
    }
    // Both branches are exercised by these seeds.
    expect(swapped).toBeGreaterThan(0);
    expect(swapped).toBeLessThan(500);
  });

  it('computes WCAG contrast', () => {
    expect(contrastRatio(1, 0)).toBeCloseTo(21, 0);
  });
});
