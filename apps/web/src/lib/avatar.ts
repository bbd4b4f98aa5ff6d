/**
 * Avatar colours and initials (spec section 9).
 * - Colour from a hash of the email (or the name): hue 0–359, saturation 45–74 %, lightness 35–54 %.
 * - Text black when lightness exceeds 50, else white — except where that pairing would fall under WCAG AA (4.5:1),
 *   then the other one (docs/decisions/003-avatar-text-contrast.md).
 * - Initials: the first character of a Hangul name; else the initials of the first and last words; '?' with no name.
 */

export type TAvatarColors = { hue: number; saturation: number; lightness: number; background: string; color: '#000000' | '#ffffff' };

/** 32-bit FNV-1a: stable across browsers and sessions. */
export function hashString(input: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i += 1) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0), f(8), f(4)];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: number, b: number): number {
  const [hi, lo] = a > b ? [a, b] : [b, a];
  return (hi + 0.05) / (lo + 0.05);
}

export function avatarColors(seed: string): TAvatarColors {
  const h = hashString(seed.trim().toLowerCase());
  const hue = h % 360;
  const saturation = 45 + ((h >>> 9) % 30);
  const lightness = 35 + ((h >>> 17) % 20);
  const bg = luminance(hslToRgb(hue, saturation, lightness));
  const specBlack = lightness > 50;
  const ratio = contrastRatio(bg, specBlack ? 0 : 1);
  const black = ratio >= 4.5 ? specBlack : !specBlack;
  return { hue, saturation, lightness, background: `hsl(${hue} ${saturation}% ${lightness}%)`, color: black ? '#000000' : '#ffffff' };
}

const HANGUL = /^[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;

export function initials(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  if (!trimmed) return '?';
  if (HANGUL.test(trimmed)) return Array.from(trimmed)[0]!;
  const words = trimmed.split(/\s+/);
  const first = Array.from(words[0]!)[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1]!)[0] ?? '') : '';
  return (first + last).toUpperCase();
}
