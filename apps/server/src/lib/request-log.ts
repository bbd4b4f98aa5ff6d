/**
 * Logging off the hot path (issue 34, decision 076).
 *
 * On these machines a system call is the dearest thing a request does: pino's default destination writes every line
 * with its own synchronous write(2), and Fastify writes two lines a request ("incoming request", "request completed").
 * Here the log goes through one buffered destination (lines gathered up to `BUFFER_BYTES` and written together, at
 * the latest every `FLUSH_MS`; error lines flushed at once; everything left written when the process exits), and a
 * request gets one access line, written when it is answered. The data API's successful answers can be
 * sampled (`LOG_SAMPLE_RATE`); an answer with status ≥ 400, and every request of the rest of the suite, is always logged.
 */
import { writeSync } from 'node:fs';
import { hostname } from 'node:os';
import pino from 'pino';
import { redactUrl } from './log-redaction.ts';
import { oldestFirst } from './oldest-first.ts';

/** Lines are gathered until this many bytes, then handed to standard output in one write. */
const BUFFER_BYTES = 64 * 1024;
/** …or at the latest after this long, so a quiet server's lines still appear promptly. */
const FLUSH_MS = 250;
/** Held for a slow reader (asynchronous standard output) beyond which new lines are dropped, and counted, rather than piling up. */
const BACKLOG_BYTES = 32 * 1024 * 1024;

/** Where log lines go: standard output's buffer, or a stream a test reads (`flush` hands buffered lines on at once). */
export type TLogDestination = { write: (line: string) => unknown; flush?: () => void; flushSync?: () => void };

/**
 * Standard output, buffered: pino's lines and the access lines are joined and handed to `process.stdout` in chunks
 * (bench/log-and-evict.mjs: an access line built and written, 2 µs of CPU this way against 10.6 µs through pino's
 * asynchronous SonicBoom destination and 3.7 µs through its synchronous one). On Linux Node writes standard output
 * synchronously to files, terminals and pipes: one write(2) a chunk, as pino's default destination did a line; where
 * it is asynchronous (a socket), the backlog bound applies. What is left is written synchronously when the process exits.
 */
export function bufferedStdout(out: { write: (chunk: string) => unknown; writableLength?: number } = process.stdout, fd = 1): Required<TLogDestination> {
  let parts: string[] = [];
  let bytes = 0;
  let dropped = 0;
  const take = () => {
    let chunk = parts.join('');
    parts = [];
    bytes = 0;
    if (dropped) {
      chunk += `{"level":40,"time":${Date.now()},"msg":"log lines dropped: the log's reader was too slow","dropped":${dropped}}\n`;
      dropped = 0;
    }
    return chunk;
  };
  const flush = () => {
    if (parts.length || dropped) out.write(take());
  };
  const flushSync = () => {
    if (!parts.length && !dropped) return;
    try {
      writeSync(fd, take());
    } catch {
      // standard output is gone: nothing left to tell
    }
  };
  setInterval(flush, FLUSH_MS).unref();
  process.once('exit', flushSync);
  return {
    write(line: string) {
      if ((out.writableLength ?? 0) > BACKLOG_BYTES) {
        dropped += 1;
        return;
      }
      parts.push(line);
      bytes += line.length;
      if (bytes >= BUFFER_BYTES) flush();
    },
    flush,
    flushSync,
  };
}

let stdoutBuffer: TLogDestination | undefined;
/** The process's one buffered standard output (every app built in this process writes through it). */
export function stdoutLog(): TLogDestination {
  return (stdoutBuffer ??= bufferedStdout());
}

/** pino's `hooks.logMethod`: an error (level ≥ 50) is handed to the destination at once, not after the buffer fills. */
export function flushErrorsAt(dest: TLogDestination) {
  return function logMethod(this: pino.Logger, args: Parameters<pino.LogFn>, method: pino.LogFn, level: number) {
    method.apply(this, args);
    if (level >= 50) dest.flush?.();
  };
}

/** What an access line says: the request, its answer and how long it took (no headers, no body). */
export type TAccessFields = {
  reqId: string;
  method: string;
  url: string;
  host: string | undefined;
  remoteAddress: string | undefined;
  remotePort: number | undefined;
  status: number;
  /** Milliseconds. */
  responseTime: number;
};

const INFO = 30;
const URL_MEMO_MAX = 1_000;
const URL_MEMO_CHARS = 512;

/**
 * The access line of every answered request, in pino's own shape (`level`, `time`, `pid`, `hostname`, `reqId`,
 * `req`, `res`, `responseTime`, `msg: "request completed"`), written straight to the log's destination: its fields
 * are known and carry no secret (the URL's secret query values are masked by `redactUrl`, no header is logged), so
 * the logger's redaction pass — the dearest part of a line — is not needed for it.
 * `sampleRate` (LOG_SAMPLE_RATE, 0–1) applies to the data API's answers below 400 only; `random` is for tests.
 */
export function createAccessLog(opts: { dest: TLogDestination; level: string; sampleRate: number; random?: () => number }) {
  const { dest, sampleRate } = opts;
  const random = opts.random ?? Math.random;
  const on = opts.level !== 'silent' && (pino.levels.values[opts.level] ?? INFO) <= INFO;
  const all = sampleRate >= 1;
  const base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":`;
  // A URL's redacted, quoted form, remembered for the URLs asked again (a data API's repeated reads): masking runs
  // three expressions over the URL, the dearest part of a line (decision 097). Bounded; long URLs are not kept.
  const urls = new Map<string, string>();
  const oldestUrl = oldestFirst(urls);
  const quotedUrl = (url: string) => {
    let q = urls.get(url);
    if (q !== undefined) return q;
    q = JSON.stringify(redactUrl(url));
    if (url.length <= URL_MEMO_CHARS) {
      if (urls.size >= URL_MEMO_MAX) urls.delete(oldestUrl()!);
      urls.set(url, q);
    }
    return q;
  };
  return {
    /** Whether this answer gets its line. */
    keep(dataApi: boolean, status: number): boolean {
      if (!on) return false;
      if (all || !dataApi || status >= 400) return true;
      return sampleRate > 0 && random() < sampleRate;
    },
    write(f: TAccessFields): void {
      const req = `{"method":${JSON.stringify(f.method)},"url":${quotedUrl(f.url)}${f.host === undefined ? '' : `,"host":${JSON.stringify(f.host)}`}${
        f.remoteAddress === undefined ? '' : `,"remoteAddress":${JSON.stringify(f.remoteAddress)}`
      }${f.remotePort === undefined ? '' : `,"remotePort":${f.remotePort}`}}`;
      dest.write(
        `{"level":${INFO},"time":${Date.now()}${base}${JSON.stringify(f.reqId)},"req":${req},"res":{"statusCode":${f.status}},"responseTime":${f.responseTime},"msg":"request completed"}\n`,
      );
    },
  };
}
