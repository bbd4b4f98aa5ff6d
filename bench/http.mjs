// Shared helpers for the HTTP benchmarks: autocannon runs and a bare node:http baseline in the same run.
import http from 'node:http';
import autocannon from 'autocannon';

export function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 50, duration: 5, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export function summary(name, r) {
  return {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

export async function bareBaseline() {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":"ok"}');
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const result = summary('bare node:http hello-world', await run({ url }));
  await new Promise((r) => server.close(r));
  return result;
}

export function table(rows, baseline) {
  const lines = ['| endpoint | req/s | p50 ms | p99 ms | errors | ratio to bare |', '|---|---:|---:|---:|---:|---:|'];
  for (const r of rows) {
    lines.push(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${(r.rps / baseline.rps).toFixed(2)} |`);
  }
  return lines.join('\n');
}
