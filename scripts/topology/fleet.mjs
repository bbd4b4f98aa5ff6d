// The pieces of `npm run test:topology`: app instances started from the image build, nginx with deploy/nginx.conf,
// a server-sent-events client that reconnects like a browser, and a bounded HTTP load through nginx.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/**
 * Fails with the install command when nginx is missing — before anything is built or started (as
 * scripts/check-chromium.mjs does for the browser): the test would otherwise start two instances first.
 */
export function requireNginx() {
  const probe = spawnSync(NGINX, ['-v'], { stdio: 'ignore' });
  if (!probe.error && probe.status === 0) return;
  console.error(
    `nginx를 찾을 수 없습니다 (${NGINX}). 토폴로지 테스트는 deploy/nginx.conf를 쓰는 nginx 앞에 두 인스턴스를 띄웁니다:\n` +
      '  sudo apt-get install -y nginx-light\n' +
      '다른 위치의 nginx를 쓰려면 NGINX_BIN 환경 변수로 경로를 지정하세요.',
  );
  process.exit(1);
}

/**
 * Every process the fleet started (instances and nginx), each the leader of its own process group, so that one
 * signal to the group ends it with anything it started. killFleet() is synchronous: it also works in an 'exit'
 * handler, after an uncaught error or a signal, so nothing outlives the test holding the caller's output open.
 */
const live = new Set();
function track(proc) {
  live.add(proc);
  const forget = () => live.delete(proc);
  proc.on('exit', forget);
  proc.on('error', forget);
}
export function killFleet(signal = 'SIGKILL') {
  for (const proc of live) {
    try {
      process.kill(-proc.pid, signal);
    } catch {
      // already gone
    }
  }
}

/** The production environment of every instance (secrets shared by the fleet, company details set). */
export function fleetEnv({ appUrl, databaseUrl, redisUrl }) {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    APP_URL: appUrl,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    AUTH_SECRET: randomBytes(48).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    TRUST_PROXY: '1',
    AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false',
    SHUTDOWN_TIMEOUT_MS: '10000',
    LOG_LEVEL: 'warn',
    COMPANY_NAME: '토폴로지 시험 주식회사',
    COMPANY_REPRESENTATIVE: '홍길동',
    COMPANY_BUSINESS_NUMBER: '123-45-67890',
    COMPANY_MAIL_ORDER_NUMBER: '제2026-서울강남-0000호',
    COMPANY_ADDRESS: '서울특별시 강남구 테헤란로 1',
    COMPANY_EMAIL: 'ops@example.com',
    COMPANY_PHONE: '02-000-0000',
    PRIVACY_OFFICER_NAME: '토폴로지 보호책임자',
    PRIVACY_OFFICER_EMAIL: 'privacy@topology.example.com',
  };
}

/** One app instance: `node apps/server/src/main.ts` inside the image build, on 127.0.0.1:port. */
export class Instance {
  constructor(name, imageDir, port, env) {
    Object.assign(this, { name, imageDir, port, env, proc: undefined, exited: undefined });
    this.base = `http://127.0.0.1:${port}`;
    this.addr = `127.0.0.1:${port}`;
  }

  async start() {
    const proc = spawn(process.execPath, ['apps/server/src/main.ts'], {
      cwd: this.imageDir,
      env: { PATH: process.env.PATH, ...this.env, PORT: String(this.port), DATA_DIR: mkdtempSync(join(tmpdir(), 'suite-topo-')) },
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    this.proc = proc;
    track(proc);
    this.exited = new Promise((resolve) => {
      proc.on('exit', (code, signal) => resolve({ code, signal }));
      proc.on('error', (err) => resolve({ code: null, signal: null, error: err.message }));
    });
    let gone = false;
    void this.exited.then(() => (gone = true));
    for (let i = 0; i < 900 && !gone; i++) {
      try {
        if ((await fetch(`${this.base}/api/ready`)).ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`${this.name}: not ready`);
  }

  /** Whether the process is still running. */
  get running() {
    return Boolean(this.proc?.pid) && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  /** Sends a signal to the instance's process group and waits for the process to exit. */
  async stop(signal = 'SIGTERM') {
    if (!this.running) return this.exited;
    try {
      process.kill(-this.proc.pid, signal);
    } catch {
      this.proc.kill(signal);
    }
    return this.exited;
  }
}

/** nginx in the foreground with deploy/nginx.conf, changed only in its listen address, upstreams, logs and /tmp paths. */
export async function startNginx(root, port, upstreams) {
  const dir = mkdtempSync(join(tmpdir(), 'suite-nginx-'));
  mkdirSync(join(dir, 'nginx'), { recursive: true });
  let conf = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8');
  const swaps = [
    ['listen 8080;', `listen 127.0.0.1:${port};`],
    ['server app1:3000', `server ${upstreams[0]}`],
    ['server app2:3000', `server ${upstreams[1]}`],
    ['access_log /dev/stdout', `access_log ${join(dir, 'access.log')}`],
    ['error_log stderr', `error_log ${join(dir, 'error.log')}`],
  ];
  for (const [from, to] of swaps) {
    if (!conf.includes(from)) throw new Error(`deploy/nginx.conf no longer contains "${from}"`);
    conf = conf.replace(from, to);
  }
  conf = conf.replaceAll('/tmp/nginx', `${dir}/nginx`);
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, conf);
  const proc = spawn(NGINX, ['-p', dir, '-c', file, '-e', 'stderr', '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  track(proc);
  // A missing binary is an 'error' event, not an exception: without a listener it would end the test before its
  // clean-up and leave the instances running.
  let failure;
  const exited = new Promise((resolve) => {
    proc.on('exit', resolve);
    proc.on('error', (err) => resolve((failure = err)));
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (failure) throw new Error(`nginx did not start (${NGINX}): ${failure.message}`);
    if (proc.exitCode !== null) throw new Error('nginx exited');
    await sleep(100);
  }
  return {
    base,
    accessLog: join(dir, 'access.log'),
    errorLog: join(dir, 'error.log'),
    /** Access-log lines as { msec, startMs, status, method, uri, upstreams: [addr...], upstreamStatus }. */
    entries() {
      return readFileSync(join(dir, 'access.log'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const m = /^\S+ (\S+) (\d+) (\S+) (\S+) "([^"]*)" "([^"]*)" (\S+)/.exec(line);
          return {
            msec: Number(m[1]) * 1000,
            /** When nginx received the request (log time minus $request_time). */
            startMs: Number(m[1]) * 1000 - Number(m[7]) * 1000,
            status: Number(m[2]),
            method: m[3],
            uri: m[4],
            upstreams: m[5] === '-' ? [] : m[5].split(', '),
            upstreamStatus: m[6],
          };
        });
    },
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null && !failure) {
        try {
          process.kill(-proc.pid, 'SIGQUIT');
        } catch {
          proc.kill('SIGQUIT');
        }
      }
      await exited;
    },
  };
}

/** JSON over HTTP with an optional bearer token; never throws on a status. */
export async function api(base, method, path, { token, body, headers = {} } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, body: json };
}

/**
 * A server-sent-events reader like a browser's EventSource: when the stream ends it reconnects after the server's
 * `retry:` delay. Records every connection (and which instance nginx chose is in nginx's log) and every event.
 */
export function openStream(url, token) {
  const state = { connects: 0, drops: 0, events: [], waiters: [], closed: false, req: undefined, retryMs: 2000 };
  const connect = () => {
    if (state.closed) return;
    const req = http.get(url, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        state.drops += 1;
        setTimeout(connect, state.retryMs);
        return;
      }
      res.setEncoding('utf8');
      let buf = '';
      res.on('data', (chunk) => {
        buf += chunk;
        let at;
        while ((at = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, at);
          buf = buf.slice(at + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((l) => l && !l.startsWith(':'))
              .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
          );
          if (fields.retry) state.retryMs = Number(fields.retry);
          if (fields.event === 'ready') state.connects += 1;
          if (fields.event) deliver({ type: fields.event, data: fields.data ? JSON.parse(fields.data) : undefined });
        }
      });
      res.on('end', () => reconnect());
      res.on('error', () => reconnect());
    });
    req.on('error', () => reconnect());
    state.req = req;
    let once = false;
    function reconnect() {
      if (once || state.closed) return;
      once = true;
      state.drops += 1;
      setTimeout(connect, state.retryMs);
    }
  };
  const deliver = (event) => {
    state.events.push(event);
    for (const w of [...state.waiters]) {
      if (w.match(event)) {
        state.waiters.splice(state.waiters.indexOf(w), 1);
        w.resolve(event);
      }
    }
  };
  connect();
  return {
    state,
    /** Resolves with the first event (already received or coming) that matches; rejects after `deadlineMs`. */
    waitFor(match, deadlineMs) {
      const seen = state.events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const w = { match, resolve };
        state.waiters.push(w);
        setTimeout(() => {
          const i = state.waiters.indexOf(w);
          if (i >= 0) {
            state.waiters.splice(i, 1);
            reject(new Error(`no matching event within ${deadlineMs} ms`));
          }
        }, deadlineMs).unref();
      });
    },
    close() {
      state.closed = true;
      state.req?.destroy();
    },
  };
}
