// The font of a prerendered page's first paint: one woff2 with exactly the glyphs that page shows (about 50 KB), used
// instead of the dozen Pretendard dynamic-subset files (about 350 KB) its Korean text would otherwise pull in.
// Declared after the dynamic subsets with a unicode-range of those characters, so the browser takes it for them
// (for overlapping ranges the last @font-face wins) and still loads the dynamic subsets for anything else.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The characters a page's markup shows: the text between tags, entities decoded, plus all of printable ASCII. */
export function shownCharacters(html) {
  const body = html.slice(html.indexOf('<body'));
  const text = body
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e) =>
      e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e] ?? m),
    );
  const points = new Set([...text].map((c) => c.codePointAt(0)).filter((p) => p > 0x7e && p !== 0xa0));
  for (let p = 0x20; p <= 0x7e; p++) points.add(p);
  return [...points].sort((a, b) => a - b);
}

/** CSS unicode-range of sorted code points, consecutive runs merged. */
export function unicodeRange(points) {
  const parts = [];
  for (let i = 0; i < points.length; i++) {
    let j = i;
    while (j + 1 < points.length && points[j + 1] === points[j] + 1) j++;
    const hex = (p) => p.toString(16);
    parts.push(j > i ? `U+${hex(points[i])}-${hex(points[j])}` : `U+${hex(points[i])}`);
    i = j;
  }
  return parts.join(',');
}

const hash8 = (data) => createHash('sha256').update(data).digest('hex').slice(0, 8);

/**
 * Writes assets/first-paint-font-HASH.woff2 and assets/first-paint-font-HASH.css (with .br/.gz) for the pages' markup
 * and `extraText` (the site shell's menus, which open on these pages: their text should not wait for more font files
 * and reflow under the reader's finger); returns the stylesheet's URL path.
 */
export async function writeFirstPaintFont(outDir, htmls, extraText = '') {
  const extra = [...extraText].map((c) => c.codePointAt(0)).filter((p) => p > 0x7e && p !== 0xa0);
  const points = [...new Set([...htmls.flatMap(shownCharacters), ...extra])].sort((a, b) => a - b);
  const source = readFileSync(require.resolve('pretendard/dist/web/variable/woff2/PretendardVariable.woff2'));
  const woff2 = await subsetFont(source, String.fromCodePoint(...points), { targetFormat: 'woff2' });
  const fontFile = `first-paint-font-${hash8(woff2)}.woff2`;
  writeFileSync(join(outDir, 'assets', fontFile), woff2);
  const css =
    `@font-face{font-family:'Pretendard Variable';font-style:normal;font-display:swap;font-weight:45 920;` +
    `src:url(/assets/${fontFile}) format('woff2-variations');unicode-range:${unicodeRange(points)}}\n`;
  const cssFile = `first-paint-font-${hash8(css)}.css`;
  writeFileSync(join(outDir, 'assets', cssFile), css);
  writeFileSync(join(outDir, 'assets', `${cssFile}.br`), brotliCompressSync(css));
  writeFileSync(join(outDir, 'assets', `${cssFile}.gz`), gzipSync(css, { level: 9 }));
  console.log(`first-paint font: ${points.length} characters, ${(woff2.length / 1024).toFixed(1)} KB → assets/${fontFile}`);
  return `/assets/${cssFile}`;
}
