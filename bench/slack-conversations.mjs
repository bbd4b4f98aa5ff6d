// Conversations as knowledge (issue 35, decision 085): top-3 recall of the Slack assistant's retrieval in basic mode
// (no language model, no embeddings) on mirrored conversations (bench/slack-conversations/threads.mjs) for questions
// written apart from them (questions.mjs: a held-out part never tuned on, and a dev part). In process, through the
// product's own functions: threads keyed as the re-index job keys them (threadRows: chunking, workplace synonyms,
// Korean keys), questions ranked as the assistant ranks them (questionKeys, rankCandidates: one scoring, the
// assistant's score floor). A question counts as found when a passage of its thread is among the first three.
// The baseline in the same run: the same passages and scoring without the workplace synonyms.
//   node bench/slack-conversations.mjs          both parts' figures (Markdown)
//   node bench/slack-conversations.mjs --misses also lists the dev part's misses (never the held-out part's)
import { questionKeys, rankCandidates, threadRows } from '../apps/server/src/modules/knowledge/conversations.service.ts';
import { knowledgeKeys } from '../apps/server/src/modules/knowledge/korean-search.ts';
import { CHANNELS, THREADS } from './slack-conversations/threads.mjs';
import { DEV, HELDOUT } from './slack-conversations/questions.mjs';

const showMisses = process.argv.includes('--misses');
const base = Date.UTC(2026, 10, 2, 0, 0, 0) / 1000;
const users = new Map();
const uid = (name) => users.get(name) ?? (users.set(name, `U${String(users.size + 1).padStart(4, '0')}`), users.get(name));

let messages = 0;
const passages = [];
THREADS.forEach(([id, channel, msgs], i) => {
  const threadTs = `${base + i * 3600}.000100`;
  const rows = threadRows({
    seedId: 'seed',
    workspaceId: 'ws',
    channel,
    channelName: CHANNELS[channel],
    threadTs,
    names: new Map(),
    messages: msgs.map(([who, text], j) => ({
      ts: `${base + i * 3600 + j * 60}.000100`,
      user: uid(who),
      text,
      at: new Date((base + i * 3600 + j * 60) * 1000),
    })),
  });
  messages += msgs.length;
  rows.forEach((r, ord) =>
    passages.push({ id: `${id}#${ord}`, thread: id, title: r.title, keys: r.grams, rawKeys: null, content: r.content, channelName: r.channelName }),
  );
});
// Baseline: the same chunks keyed without the workplace synonyms.
for (const p of passages) p.rawKeys = knowledgeKeys(`${p.channelName}\n${p.title}\n${p.content}`);
const titleKeys = new Map(passages.map((p) => [p.id, knowledgeKeys(p.title)]));

function recall(questions, { synonyms }) {
  let found = 0;
  const misses = [];
  for (const [q, thread] of questions) {
    const keys = synonyms ? questionKeys(q) : knowledgeKeys(q, { query: true });
    const cands = passages.map((p) => ({ id: p.id, thread: p.thread, titleKeys: titleKeys.get(p.id), keys: synonyms ? p.keys : p.rawKeys }));
    const top = rankCandidates(keys, cands, passages.length).slice(0, 3);
    if (top.some((c) => c.thread === thread)) found++;
    else misses.push({ q, thread, top: top.map((c) => `${c.id} ${c.score}`) });
  }
  return { found, n: questions.length, misses };
}

const pct = (r) => `${((100 * r.found) / r.n).toFixed(1)} %`;
const heldout = recall(HELDOUT, { synonyms: true });
const dev = recall(DEV, { synonyms: true });
const heldoutBase = recall(HELDOUT, { synonyms: false });
const devBase = recall(DEV, { synonyms: false });
console.log(`Corpus: ${Object.keys(CHANNELS).length} channels, ${THREADS.length} threads, ${messages} messages, ${passages.length} passages`);
console.log('');
console.log('| part | questions | top-3 recall | found | baseline without synonyms |');
console.log('|---|---|---|---|---|');
console.log(`| held-out (never tuned on) | ${heldout.n} | ${pct(heldout)} | ${heldout.found} | ${pct(heldoutBase)} |`);
console.log(`| dev | ${dev.n} | ${pct(dev)} | ${dev.found} | ${pct(devBase)} |`);
if (showMisses) {
  console.log('\nDev misses:');
  for (const m of dev.misses) console.log(`- ${m.q} → ${m.thread}; top: ${m.top.join(', ') || '(nothing over the floor)'}`);
}
