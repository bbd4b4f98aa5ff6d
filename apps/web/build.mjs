// `npm run build -w @suite/web [-- --outDir DIR --emptyOutDir]`: the client build (vite.config.ts), then a server-side
// build of src/entry-prerender.tsx used once, in this process, to write the first paint of the public pages into
// DIR/prerendered/ (served by the server for those exact paths; see apps/server/src/plugins/spa.ts).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { writeFirstPaintFont } from './first-paint-font.mjs';

/** The pages whose first paint is prerendered: the ones visitors land on from outside. */
const PAGES = { '/': 'index.html' };

const root = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const at = args.indexOf('--outDir');
const outDir = resolve(root, at >= 0 ? args[at + 1] : 'dist');
const emptyOutDir = at < 0 || args.includes('--emptyOutDir');

await build({ root, build: { outDir, emptyOutDir } });

// The chatbot widget (issue 14): one small classic script of its own, served at /widget.js by the chatbot module.
{
  const { build: esbuild } = await import('esbuild');
  await esbuild({
    entryPoints: [join(root, 'src/widget/widget.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    outfile: join(outDir, 'widget', 'widget.js'),
    legalComments: 'none',
  });
  const bytes = readFileSync(join(outDir, 'widget', 'widget.js'));
  console.log(`widget.js: ${bytes.length} B, ${gzipSync(bytes).length} B gzipped`);
}

/**
 * A prerendered page paints without its scripts: they only hydrate it. Its module script and preloads are replaced by
 * one `<meta name="app-entry">` (entry first, then its static imports) that theme-init.js turns into the same tags
 * right after the first paint, so the stylesheet and the fonts the first paint needs have the network and the main
 * thread to themselves. (The SPA shell, which paints nothing without its scripts, keeps them in <head>.)
 */
function appScriptsAfterFirstPaint(html) {
  const entry = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
  if (!entry) throw new Error('index.html lacks the module script');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  let out = html.replace(entry[0], '');
  for (const p of preloads) out = out.replace(p[0], '');
  const urls = [entry[1], ...preloads.map((p) => p[1])];
  return out.replace('<script src="/theme-init.js">', `<meta name="app-entry" content="${urls.join(' ')}" />\n    <script src="/theme-init.js">`);
}

// Inside the package, so the bundle's bare imports (react, react-router, …) resolve from node_modules.
const ssrDir = mkdtempSync(join(root, '.prerender-'));
try {
  await build({
    root,
    logLevel: 'warn',
    build: { ssr: 'src/entry-prerender.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
    ssr: { noExternal: ['@suite/shared'] },
  });
  const { prerender } = await import(pathToFileURL(join(ssrDir, 'entry-prerender.js')).href);
  const template = readFileSync(join(outDir, 'index.html'), 'utf8');
  const marker = '<div id="root"></div>';
  if (!template.includes(marker)) throw new Error(`index.html lacks ${marker}`);
  const target = join(outDir, 'prerendered');
  mkdirSync(target, { recursive: true });
  const pages = [];
  for (const [path, file] of Object.entries(PAGES)) {
    // React puts resource hints (e.g. an image preload) before the markup when it renders without a <head>: they go
    // into <head>, so the container holds exactly the markup that hydration walks.
    const body = await prerender(path);
    const hints = body.match(/^(?:<link [^>]*>)+/)?.[0] ?? '';
    const html = appScriptsAfterFirstPaint(template)
      .replace('</head>', `${hints}</head>`)
      .replace(marker, `<div id="root">${body.slice(hints.length)}</div>`);
    pages.push({ path, file, html });
  }
  // The shell's texts (header menus, mobile sheet, footer): every string literal of its message catalogue.
  const shellText = readFileSync(join(root, '../../packages/shared/src/messages/ko-site-shell.ts'), 'utf8').replace(/^\s*\/\/.*$/gm, '');
  const fontCss = await writeFirstPaintFont(
    outDir,
    pages.map((p) => p.html),
    shellText,
  );
  for (const { path, file, html: page } of pages) {
    // After the main stylesheet: its @font-face must come after the dynamic subsets' to take precedence.
    const html = page.replace(/(<link rel="stylesheet" crossorigin href="[^"]+">)/, `$1\n    <link rel="stylesheet" href="${fontCss}">`);
    if (html === page) throw new Error('index.html lacks the stylesheet link');
    writeFileSync(join(target, file), html);
    writeFileSync(join(target, `${file}.br`), brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(join(target, `${file}.gz`), gzipSync(html, { level: 9 }));
    console.log(`prerendered ${path} → prerendered/${file} (${(Buffer.byteLength(html) / 1024).toFixed(1)} KB)`);
  }
  writeFileSync(join(target, 'manifest.json'), JSON.stringify(PAGES, null, 2) + '\n');
} finally {
  rmSync(ssrDir, { recursive: true, force: true });
}
