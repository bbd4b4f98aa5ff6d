/**
 * Logging off the hot path (issue 34, decision 076).
 *
 * On these machines a system call is the dearest thing a request does: pino's default destination writes every line
 * with its own synchronous write(2), and Fastify writes two lines a request ("incoming request", "request completed").
 * Here the log goes through one asynchronous, buffered destination (lines gathered up to `BUFFER_BYTES` and written
 * together, at the latest every `FLUSH_MS`; error lines flushed at once; everything left written when the process
 * exits), and a request gets one access line, written when it is answered. The data API's successful answers can be
 * sampled (`LOG_SAMPLE_RATE`); an answer with status ≥ 400, and every request of the rest of the suite, is always logged.
 */
import { hostname } from 'node:os';
import pino from 'pino';
import { redactUrl } from './log-redaction.ts';

/** Lines are gathered until this many bytes, then written in one system call. */
const BUFFER_BYTES = 8 * 1024;
/** …or at the latest after this long, so a quiet server's lines still appear promptly. */
const FLUSH_MS = 500;

export type TLogDestination = pino.DestinationStream & { flush?: (cb?: (err?: Error | null) => void) => void; flushSync?: () => void };

/** Standard output, asynchronous and buffered (pino flushes it synchronously when the process exits). */
export function bufferedStdout(): TLogDestination {
  return pino.destination({ dest: 1, sync: false, minLength: BUFFER_BYTES, periodicFlush: FLUSH_MS } as Parameters<typeof pino.destination>[0]);
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
  return {
    /** Whether this answer gets its line. */
    keep(dataApi: boolean, status: number): boolean {
      if (!on) return false;
      if (all || !dataApi || status >= 400) return true;
      return sampleRate > 0 && random() < sampleRate;
    },
    write(f: TAccessFields): void {
      const req = `{"method":${JSON.stringify(f.method)},"url":${JSON.stringify(redactUrl(f.url))}${f.host === undefined ? '' : `,"host":${JSON.stringify(f.host)}`}${
        f.remoteAddress === undefined ? '' : `,"remoteAddress":${JSON.stringify(f.remoteAddress)}`
      }${f.remotePort === undefined ? '' : `,"remotePort":${f.remotePort}`}}`;
      dest.write(
        `{"level":${INFO},"time":${Date.now()}${base}${JSON.stringify(f.reqId)},"req":${req},"res":{"statusCode":${f.status}},"responseTime":${f.responseTime},"msg":"request completed"}\n`,
      );
    },
  };
}

export type TAccessLog = ReturnType<typeof createAccessLog>;
