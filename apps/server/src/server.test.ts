import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = new URL('./test/slow-server.ts', import.meta.url).pathname;
const main = new URL('./main.ts', import.meta.url).pathname;
let child: ChildProcess | undefined;

afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
});

function start(file: string, env: Record<string, string>) {
  const proc = spawn(process.execPath, [file], {
    env: { ...process.env, NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
  /** Resolves with the first match of `re` in the output as soon as the process prints it (no polling, no sleep). */
  const printed = (re: RegExp, what: string) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const look = () => {
        const m = re.exec(out);
        if (!m) return;
        proc.stdout!.off('data', look);
        resolve(m);
      };
      proc.stdout!.on('data', look);
      look();
      void exited.then(() => reject(new Error(`${what}: the process exited: ${out}`)));
    });
  return { proc, output: () => out, exited, printed };
}

describe('server process', () => {
  it('lets an in-flight request finish on SIGTERM, then exits 0', async () => {
    const s = start(script, { DATA_DIR: mkdtempSync(join(tmpdir(), 'suite-sd-')) });
    const port = Number((await s.printed(/LISTENING (\d+)/, 'server did not start'))[1]);
    const pending = fetch(`http://127.0.0.1:${port}/api/test-slow`).then((r) => r.json());
    await s.printed(/SLOW STARTED/, 'the slow request did not arrive');
    s.proc.kill('SIGTERM');
    expect(await pending).toEqual({ finished: true });
    expect(await s.exited).toBe(0);
  }, 60_000);

  it('drains on SIGTERM: safe requests get 503 so a load balancer moves away, writes are still served, then exits 0', async () => {
    const s = start(script, { DATA_DIR: mkdtempSync(join(tmpdir(), 'suite-drain-')), SHUTDOWN_DRAIN_MS: '20000' });
    const port = Number((await s.printed(/LISTENING (\d+)/, 'server did not start'))[1]);
    const base = `http://127.0.0.1:${port}`;
    const pending = fetch(`${base}/api/test-slow`).then((r) => r.json());
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);
    s.proc.kill('SIGTERM');
    let ready: Response | undefined;
    for (let i = 0; i < 100; i++) {
      ready = await fetch(`${base}/api/ready`);
      if (ready.status === 503) break;
    }
    expect(ready!.status).toBe(503);
    expect(ready!.headers.get('connection')).toBe('close');
    expect(await ready!.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    // A write is served, not refused: nginx would not retry it elsewhere.
    const write = await fetch(`${base}/api/auth-login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(write.status).toBe(400);
    expect(await pending).toEqual({ finished: true });
    // Quiet for a moment, then the listener closes and the process exits, long before SHUTDOWN_DRAIN_MS.
    expect(await s.exited).toBe(0);
  }, 60_000);

  it('refuses to start with a wrong setting and names it', async () => {
    const s = start(main, { DATA_DIR: mkdtempSync(join(tmpdir(), 'suite-bad-')), PORT: 'not-a-port' });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('PORT');
  });

  it('refuses to start in production without secrets', async () => {
    const s = start(main, { DATA_DIR: mkdtempSync(join(tmpdir(), 'suite-prod-')), NODE_ENV: 'production' });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('AUTH_SECRET');
  });
});
