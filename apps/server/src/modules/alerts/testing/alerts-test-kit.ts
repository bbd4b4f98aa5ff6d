/** A webhook receiver on loopback for the alert tests: it keeps every POST and checks its signature. */
import http from 'node:http';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export type TReceived = {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { event: string; incident: { id: string; resolvedAt: string | null; value: number } };
};

export type TReceiver = {
  url: string;
  received: TReceived[];
  /** Resolves once `n` requests have arrived. */
  waitFor: (n: number) => Promise<void>;
  close: () => Promise<void>;
};

export async function startReceiver(): Promise<TReceiver> {
  const received: TReceived[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body, json: JSON.parse(body) });
      res.writeHead(204).end();
      for (const w of waiters.filter((w) => received.length >= w.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/alerts`,
    received,
    waitFor: (n) => (received.length >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Whether a received request carries the signature `secret` makes of its timestamp and body. */
export function signedWith(r: TReceived, secret: string): boolean {
  const ts = String(r.headers['x-suite-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${ts}.${r.body}`).digest('hex')}`;
  return r.headers['x-suite-signature'] === expected;
}
