// Chat AI for Slack: where to compute cosine similarity over a workspace's passage vectors stored as real[] (no
// pgvector). Baseline: in SQL (unnest the passage's and the question's arrays, sum the products, top 50), against
// reading the vectors into Node (text real[] parsed by the driver; the binary form via array_send + base64, as
// `vectors.repository.ts` does) and the dot products over vectors already in the cache (`vector-cache.ts`).
// Random unit vectors in a migrated database (PGlite; PostgreSQL too with BENCH_DATABASE_URL); appends to
// bench/RESULTS.md. Run alone: `node bench/slack-vectors.mjs [passages] [dimensions]` (default 2000 × 1024).
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { knowledgePassages } from '../apps/server/src/db/schema-knowledge.ts';
import { createVectorCache } from '../apps/server/src/modules/knowledge/vector-cache.ts';
import { loadVectors, storeVectors } from '../apps/server/src/modules/knowledge/vectors.repository.ts';
import { throwawayDatabase } from './http.mjs';

const N = Number(process.argv[2] ?? 2000);
const D = Number(process.argv[3] ?? 1024);
const MODEL = 'bench-random';
const REPS = 5;

function randomUnit() {
  const v = new Float32Array(D);
  let s = 0;
  for (let i = 0; i < D; i++) {
    v[i] = Math.random() - 0.5;
    s += v[i] * v[i];
  }
  const n = Math.sqrt(s);
  for (let i = 0; i < D; i++) v[i] /= n;
  return v;
}

function dotAll(ids, vectors, q) {
  const out = [];
  for (const id of ids) {
    const v = vectors.get(id);
    let d = 0;
    for (let i = 0; i < D; i++) d += v[i] * q[i];
    out.push([id, d]);
  }
  return out.sort((a, b) => b[1] - a[1]).slice(0, 50);
}

async function time(fn) {
  await fn();
  const t0 = performance.now();
  for (let i = 0; i < REPS; i++) await fn();
  return Math.round(((performance.now() - t0) / REPS) * 10) / 10;
}

async function measure(label, database) {
  const { db } = database;
  // Passages without their seed and source rows: foreign keys off for this session only.
  await db.execute(sql`set session_replication_role = replica`);
  const ws = randomUUID();
  const doc = randomUUID();
  const ids = [];
  for (let i = 0; i < N; i += 100) {
    const rows = Array.from({ length: Math.min(100, N - i) }, (_, j) => ({ id: randomUUID(), sourceId: doc, seedId: ws, ord: i + j, content: 'x' }));
    await db.insert(knowledgePassages).values(rows);
    await storeVectors(
      db,
      MODEL,
      rows.map((r) => ({ id: r.id, vector: randomUnit() })),
    );
    ids.push(...rows.map((r) => r.id));
  }
  const q = randomUnit();
  const qText = `{${Array.from(q).join(',')}}`;
  const inSql = await time(() =>
    db.execute(sql`
      select id, (select sum(a * b) from unnest(embedding, ${qText}::real[]) as t(a, b)) as s
      from ${knowledgePassages} where source_id = ${doc} order by s desc limit 50`),
  );
  const textRead = await time(async () => {
    const rows = await db
      .select({ id: knowledgePassages.id, e: knowledgePassages.embedding })
      .from(knowledgePassages)
      .where(sql`source_id = ${doc}`);
    dotAll(ids, new Map(rows.map((r) => [r.id, r.e])), q);
  });
  const binaryRead = await time(async () => {
    const vectors = new Map();
    for (let i = 0; i < ids.length; i += 500) for (const [id, v] of await loadVectors(db, ids.slice(i, i + 500), MODEL)) vectors.set(id, v);
    dotAll(ids, vectors, q);
  });
  const cache = createVectorCache();
  const load = (chunk) => loadVectors(db, chunk, MODEL);
  await cache.vectors(ws, MODEL, ids, load);
  const cached = await time(async () => {
    const inventory = await db
      .select({ id: knowledgePassages.id })
      .from(knowledgePassages)
      .where(sql`source_id = ${doc} and embedding_model = ${MODEL}`);
    dotAll(
      ids,
      await cache.vectors(
        ws,
        MODEL,
        inventory.map((r) => r.id),
        load,
      ),
      q,
    );
  });
  const r = { label, inSql, textRead, binaryRead, cached };
  console.log(r);
  return r;
}

const results = [];
const lite = await openDatabase({ dataDir: 'memory://' });
try {
  results.push(await measure('PGlite (embedded)', lite));
} finally {
  await lite.close();
}
if (process.env.BENCH_DATABASE_URL) {
  const tmp = await throwawayDatabase(process.env.BENCH_DATABASE_URL, 'vectors');
  const pgdb = await openDatabase({ url: tmp.url, dataDir: '', poolSize: 1 });
  try {
    results.push(await measure('PostgreSQL', pgdb));
  } finally {
    await pgdb.close();
    await tmp.drop();
  }
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
const lines = [
  `\n## ${stamp} UTC — Chat AI for Slack: vector similarity over real[] — ${machine}\n`,
  `One workspace of ${N} passages × ${D} dimensions (random unit vectors as real[]), top 50 for one question vector, mean of ${REPS} runs after one warm-up. Baseline: cosine in SQL. The cached row includes listing the workspace's embedded passage ids, as each search does.\n`,
  '| database | SQL unnest ms (baseline) | read real[] as text + Node ms | read binary (array_send) + Node ms | cached in Node ms | cached ratio to SQL |',
  '|---|---:|---:|---:|---:|---:|',
  ...results.map((r) => `| ${r.label} | ${r.inSql} | ${r.textRead} | ${r.binaryRead} | ${r.cached} | ${(r.cached / r.inSql).toFixed(3)} |`),
  '',
];
appendFileSync(new URL('./RESULTS.md', import.meta.url), lines.join('\n'));
console.log(lines.join('\n'));
