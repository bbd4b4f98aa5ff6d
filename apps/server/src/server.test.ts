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
  return { proc, output: () => out, exited };
}

describe('server process', () => {
  it('lets an in-flight request finish on SIGTERM, then exits 0', async () => {
    const s = start(script, { DATA_DIR: mkdtempSync(join(tmpdir(), 'suite-sd-')) });
    const port = await new Promise<number>((resolve, reject) => {
      const t = setInterval(() => {
        const m = /LISTENING (\d+)/.exec(s.output());
        if (m) {
          clearInterval(t);
          resolve(Number(m[1]));
        }
      }, 50);
      setTimeout(() => reject(new Error(`server did not start: ${s.output()}`)), 30_000);
    });
    const pending = fetch(`http://127.0.0.1:${port}/api/test-slow`).then((r) => r.json());
    await new Promise((r) => setTimeout(r, 200));
    s.proc.kill('SIGTERM');
    expect(await pending).toEqual({ finished: true });
    expect(await s.exited).toBe(0);
  });

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
