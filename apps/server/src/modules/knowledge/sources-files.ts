/**
 * Text of uploaded office files for knowledge sources (issue 29, decision 082): Word .docx (word/document.xml) and
 * 한글 .hwpx (Contents/section*.xml), both ZIP + XML. Paragraphs become paragraphs, headings (Word's 제목/Heading
 * styles or outline levels, 한글's 개요/Outline styles) become Markdown headings so splitPassages keeps them with the
 * passages under them, and a table row becomes one line with its cells joined by ' | '.
 *
 * The ZIP is read with fflate (already the privacy export's): only the XML parts needed, each capped by its declared
 * size (fflate inflates into a buffer of that size, so a lying header cannot make it grow) and all together by
 * MAX_UNZIPPED_BYTES. A binary .hwp (an OLE compound file) is recognised and refused with a Korean message: no
 * maintained npm parser reads it (hwp.js is an unmaintained viewer, last released in 2020).
 */
import { unzipSync } from 'fflate';
import { koChatbotSources } from '@suite/shared/messages/ko-chatbot-sources';
import { AppError } from '../../lib/app-error.ts';

const m = koChatbotSources.server;

/** At most this much XML is inflated from one file. */
export const MAX_UNZIPPED_BYTES = 30 * 1_048_576;

export type TOfficeKind = 'docx' | 'hwpx';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (b: Uint8Array, magic: number[]) => magic.every((x, i) => b[i] === x);

/** Reads the wanted parts of a ZIP under the caps; a broken archive → 400, too much inflated → 413. */
function unzipParts(bytes: Uint8Array, want: (name: string) => boolean): Record<string, string> {
  let total = 0;
  let tooBig = false;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        if (!want(f.name)) return false;
        total += f.originalSize;
        if (total > MAX_UNZIPPED_BYTES) tooBig = true;
        return !tooBig;
      },
    });
  } catch {
    throw new AppError('BAD_REQUEST', m.fileBroken);
  }
  if (tooBig) throw new AppError('PAYLOAD_TOO_LARGE', m.fileTooBig(MAX_UNZIPPED_BYTES / 1_048_576));
  const decoder = new TextDecoder('utf-8');
  return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, decoder.decode(data)]));
}

/** What an uploaded file is, by its bytes (not its name or declared type). A .hwp or an unknown file → 400. */
export function sniffOffice(bytes: Uint8Array): { kind: TOfficeKind; parts: Record<string, string> } {
  if (startsWith(bytes, CFB_MAGIC)) {
    // 한글 binary documents carry this signature in their FileHeader stream.
    const head = Buffer.from(bytes.subarray(0, Math.min(bytes.length, 1_048_576))).toString('latin1');
    throw new AppError('BAD_REQUEST', head.includes('HWP Document File') ? m.hwpBinary : m.fileUnknown);
  }
  if (!startsWith(bytes, ZIP_MAGIC)) throw new AppError('BAD_REQUEST', m.fileUnknown);
  const parts = unzipParts(
    bytes,
    (n) => n === 'word/document.xml' || n === 'word/styles.xml' || /^Contents\/section\d+\.xml$/.test(n) || n === 'Contents/header.xml',
  );
  if (parts['word/document.xml'] !== undefined) return { kind: 'docx', parts };
  if (Object.keys(parts).some((n) => n.startsWith('Contents/section'))) return { kind: 'hwpx', parts };
  throw new AppError('BAD_REQUEST', m.fileUnknown);
}

// ── A small XML walker: elements by local name (any prefix), text, and the few entities XML has ──

const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" } as Record<string, string>)[e]!;
  });

type TTag = { name: string; attrs: string; close: boolean; empty: boolean };

function walk(xml: string, onTag: (t: TTag) => void, onText: (text: string) => void) {
  const re = /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<[?!][^>]*>|<(\/?)(?:[\w.-]+:)?([\w.-]+)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|([^<]+)/g;
  for (const x of xml.matchAll(re)) {
    if (x[1] !== undefined) onText(x[1]);
    else if (x[3] !== undefined) onTag({ name: x[3], attrs: x[4] ?? '', close: x[2] === '/', empty: x[5] === '/' });
    else if (x[6] !== undefined) onText(decodeEntities(x[6]));
  }
}

const attr = (attrs: string, name: string) => new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*"([^"]*)"`).exec(attrs)?.[1];

type TDialect = {
  /** Local names: paragraph, text run, tab, line breaks, table row, table cell. */
  p: string;
  t: string;
  tab: string;
  br: string[];
  tr: string;
  tc: string;
  /** The heading level (1–6) of a paragraph from a tag inside (or on) it, or undefined. */
  heading: (tag: TTag) => number | undefined;
};

/** Paragraphs of a document's XML as Markdown-ish text: headings '# ', table rows 'a | b', blank lines between. */
function paragraphs(xml: string, d: TDialect, maxChars: number): string[] {
  const out: string[] = [];
  let chars = 0;
  let para = '';
  let level: number | undefined;
  let inText = 0;
  let cells: string[] | null = null;
  let cell: string[] = [];
  const push = (line: string) => {
    chars += line.length + 2;
    if (chars > maxChars) throw new AppError('PAYLOAD_TOO_LARGE', m.fileTooLong(maxChars));
    out.push(line);
  };
  walk(
    xml,
    (tag) => {
      if (!tag.close) {
        const h = d.heading(tag);
        if (h !== undefined) level = h;
      }
      if (tag.name === d.p && !tag.close) {
        para = '';
        level = d.heading(tag);
      }
      if (tag.name === d.t && !tag.empty) inText += tag.close ? -1 : 1;
      if (tag.name === d.tab && !tag.close && inText >= 0) para += '\t';
      if (d.br.includes(tag.name) && !tag.close) para += '\n';
      if (tag.name === d.p && (tag.close || tag.empty)) {
        const text = para.replace(/[ \t\u00a0]+/g, ' ').trim();
        if (text) {
          if (cells) cell.push(text);
          else push(level ? `${'#'.repeat(Math.min(level, 6))} ${text.replace(/\n+/g, ' ')}` : text);
        }
        para = '';
        level = undefined;
      }
      if (tag.name === d.tr) {
        if (!tag.close) cells = [];
        else if (cells) {
          const row = cells.filter(Boolean).join(' | ');
          cells = null;
          if (row) push(row);
        }
      }
      if (tag.name === d.tc && cells) {
        if (!tag.close) cell = [];
        else cells.push(cell.join(' ').replace(/\s+/g, ' '));
      }
    },
    (text) => {
      if (inText > 0) para += text;
    },
  );
  return out;
}

/** Word: the paragraph style's name (styles.xml) or an outline level decides a heading. */
function docxDialect(stylesXml: string | undefined): TDialect {
  const names = new Map<string, string>();
  if (stylesXml)
    for (const s of stylesXml.matchAll(/<w:style\b([^>]*)>([\s\S]*?)<\/w:style>/g)) {
      const id = attr(s[1]!, 'styleId');
      const name = /<w:name\s+w:val="([^"]*)"/.exec(s[2]!)?.[1];
      if (id && name) names.set(id, name);
    }
  const levelOf = (name: string) => {
    if (/^(title|제목)$/i.test(name.trim())) return 1;
    const h = /^(?:heading|제목)\s*(\d)$/i.exec(name.trim());
    return h ? Number(h[1]) : undefined;
  };
  return {
    p: 'p',
    t: 't',
    tab: 'tab',
    br: ['br', 'cr'],
    tr: 'tr',
    tc: 'tc',
    heading: (tag) => {
      if (tag.name === 'pStyle') {
        const id = attr(tag.attrs, 'val') ?? '';
        return levelOf(names.get(id) ?? id);
      }
      if (tag.name === 'outlineLvl') {
        const n = Number(attr(tag.attrs, 'val'));
        return Number.isInteger(n) && n >= 0 && n < 6 ? n + 1 : undefined;
      }
      return undefined;
    },
  };
}

/** 한글: a paragraph's style (header.xml) named 개요 N / Outline N / 제목 makes a heading. */
function hwpxDialect(headerXml: string | undefined): TDialect {
  const levels = new Map<string, number>();
  if (headerXml)
    for (const s of headerXml.matchAll(/<(?:[\w.-]+:)?style\b([^>]*?)\/?>/g)) {
      const id = attr(s[1]!, 'id');
      const name = `${attr(s[1]!, 'name') ?? ''} ${attr(s[1]!, 'engName') ?? ''}`;
      const outline = /(?:개요|Outline)\s*(\d)/i.exec(name);
      const level = outline ? Number(outline[1]) : /(^|\s)(제목|Title)(\s|$)/i.test(name) ? 1 : undefined;
      if (id !== undefined && level) levels.set(id, Math.min(level, 6));
    }
  return {
    p: 'p',
    t: 't',
    tab: 'tab',
    br: ['lineBreak'],
    tr: 'tr',
    tc: 'tc',
    heading: (tag) => (tag.name === 'p' && !tag.close ? levels.get(attr(tag.attrs, 'styleIDRef') ?? '') : undefined),
  };
}

/** The text of a .docx or .hwpx (headings as '# '), at most `maxChars` characters (413 beyond). */
export function officeText(bytes: Uint8Array, maxChars: number): { kind: TOfficeKind; text: string } {
  const { kind, parts } = sniffOffice(bytes);
  let lines: string[];
  if (kind === 'docx') lines = paragraphs(parts['word/document.xml']!, docxDialect(parts['word/styles.xml']), maxChars);
  else {
    const dialect = hwpxDialect(parts['Contents/header.xml']);
    const sections = Object.keys(parts)
      .filter((n) => n.startsWith('Contents/section'))
      .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
    lines = [];
    for (const s of sections) lines.push(...paragraphs(parts[s]!, dialect, maxChars - lines.join('\n\n').length));
  }
  const text = lines.join('\n\n').trim();
  if (!text) throw new AppError('BAD_REQUEST', m.fileNoText);
  return { kind, text };
}
