/**
 * Text helpers shared by the knowledge module and the Slack assistant: splitting documents into passages and fusing
 * rankings. The Korean search keys and scores themselves live in modules/knowledge/korean-search.ts (decision 026).
 */
/**
 * Splits a document into passages of at most ~`max` characters: by blank lines and Markdown headings first, then by
 * sentence. A heading stays attached to the text under it, so a passage knows its topic.
 */
export function splitPassages(text: string, max = 600): string[] {
  // Paragraphs, each with the heading it sits under.
  const paragraphs: { heading: string; text: string }[] = [];
  let heading = '';
  let buf: string[] = [];
  const endParagraph = () => {
    const t = buf.join('\n').trim();
    if (t) paragraphs.push({ heading, text: t });
    buf = [];
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const h = /^#{1,6}\s+(.*)$/.exec(line.trim());
    if (h) {
      endParagraph();
      heading = h[1]!.trim();
    } else if (!line.trim()) endParagraph();
    else buf.push(line.trim());
  }
  endParagraph();

  const out: string[] = [];
  let current = '';
  let currentHeading: string | null = null;
  const flush = () => {
    if (current.trim()) out.push(current.trim());
    current = '';
    currentHeading = null;
  };
  for (const p of paragraphs) {
    const lead = p.heading ? `${p.heading}\n` : '';
    if (currentHeading === p.heading && (current + '\n' + p.text).length <= max) {
      current += `\n${p.text}`;
      continue;
    }
    flush();
    currentHeading = p.heading;
    if ((lead + p.text).length <= max) {
      current = lead + p.text;
      continue;
    }
    for (const sentence of p.text.split(/(?<=[.!?。])\s+/)) {
      if (current && (current + ' ' + sentence).length > max) {
        flush();
        currentHeading = p.heading;
      }
      current = current ? `${current} ${sentence}` : lead + sentence;
      while (current.length > max * 1.5) {
        out.push(current.slice(0, max));
        current = lead + current.slice(max);
      }
    }
  }
  flush();
  return out;
}

/** The constant of reciprocal rank fusion (Cormack et al. 2009: 60 works across collections). */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion: each list adds 1/(RRF_K + rank) to an id, so a passage ranked well by both the lexical and
 * the vector ranking goes first, and neither ranking's score scale matters. Ties keep the order of first appearance
 * (lexical list first). Scores are scaled so that first in every list is 1.
 */
export function fuseRanks(lists: string[][]): { id: string; score: number }[] {
  const score = new Map<string, number>();
  for (const list of lists) list.forEach((id, i) => score.set(id, (score.get(id) ?? 0) + 1 / (RRF_K + i + 1)));
  const best = lists.length / (RRF_K + 1);
  return [...score].map(([id, s]) => ({ id, score: s / best })).sort((a, b) => b.score - a.score);
}
