/** The digest as a Slack message (mrkdwn): a title line, the three sections, each item with a link to its message. */
import { ko } from '@suite/shared';
import type { TDigestContent, TDigestItem, TDigestMessage } from './digest-extract.ts';
import { withoutMentions } from './digest-extract.ts';

const p = ko.slackDigest.post;
const CAP = 8;

/** Slack's permalink form, from the base the API gave for one message of the workspace (`https://team.slack.com`). */
export function permalinkOf(base: string, channel: string, ts: string, threadTs: string): string {
  const url = `${base}/archives/${channel}/p${ts.replace('.', '')}`;
  return threadTs && threadTs !== ts ? `${url}?thread_ts=${threadTs}&cid=${channel}` : url;
}

const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** The item's text with Slack's user mentions kept, everything else escaped, cut to 160 characters. */
function itemText(t: string, keepMentions: boolean): string {
  const base = keepMentions ? t : withoutMentions(t);
  const cut = base.length > 160 ? `${base.slice(0, 159)}…` : base;
  return cut
    .split(/(<@[A-Z0-9]+(?:\|[^>]+)?>)/)
    .map((part) => {
      // A kept mention's label is text too: `<@U1|<!channel>` must not ping anyone.
      const m = /^<@([A-Z0-9]+)(?:\|([^>]+))?>$/.exec(part);
      if (!m) return esc(part);
      return m[2] ? `<@${m[1]}|${esc(m[2])}>` : `<@${m[1]}>`;
    })
    .join('');
}

export type TRenderInput = {
  channelLabel: string;
  frequency: 'daily' | 'weekly';
  from: string;
  to: string;
  messages: TDigestMessage[];
  content: TDigestContent;
  link: (item: Pick<TDigestItem, 'ts' | 'threadTs'>) => string;
  note: string | null;
};

function section(title: string, items: TDigestItem[], line: (i: TDigestItem) => string): string[] {
  if (!items.length) return [title, p.none];
  const shown = items.slice(0, CAP).map(line);
  if (items.length > CAP) shown.push(p.more(items.length - CAP));
  return [title, ...shown];
}

export function renderDigest(r: TRenderInput): string {
  const people = new Set(r.messages.map((m) => m.user).filter(Boolean)).size;
  const linkOf = (i: TDigestItem) => `<${r.link(i)}|${p.link}>`;
  const c = r.content;
  const lines = [
    p.title(r.channelLabel, r.frequency),
    p.period(r.from, r.to, r.messages.length, people),
    '',
    ...section(p.decisions, c.decisions, (i) => `• ${itemText(i.text, true)} — <@${i.user}> · ${linkOf(i)}`),
    '',
    ...section(p.questions, c.questions, (i) => `• ${itemText(i.text, true)} — <@${i.user}> · ${linkOf(i)}`),
    '',
    ...section(p.actions, c.actions, (i) => {
      const owner = i.owner ? `<@${i.owner}>` : p.noOwner;
      const due = i.due ? ` (${p.due(esc(i.due))})` : '';
      return `• ${owner}: ${itemText(i.text, !i.owner)}${due} · ${linkOf(i)}`;
    }),
  ];
  // Nothing matched the three sections: the busiest threads, so the digest still says what was discussed.
  if (!c.decisions.length && !c.questions.length && !c.actions.length) {
    const threads = new Map<string, { first: TDigestMessage; n: number }>();
    for (const m of r.messages) {
      const t = threads.get(m.threadTs);
      if (t) t.n++;
      else threads.set(m.threadTs, { first: m, n: 1 });
    }
    const top = [...threads.values()].sort((a, b) => b.n - a.n).slice(0, 3);
    lines.push('', p.threads, ...top.map((t) => `• ${itemText(t.first.text, true)} (${p.replies(t.n - 1)}) · <${r.link(t.first)}|${p.link}>`));
  }
  if (r.note) lines.push('', r.note);
  return lines.join('\n');
}
