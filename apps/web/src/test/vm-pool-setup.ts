import { runInThisContext } from 'node:vm';

/**
 * The web project runs in Vitest's vmThreads pool (vitest.config.ts, decision 054): each file in a VM context of its
 * own on a jsdom made once per worker. That context lacks some of Node's globals that the default pool (jsdom's window
 * laid over Node's global) showed the code under test, as a browser has them: Web Streams (the event-stream reader),
 * Web Crypto's `subtle` (jsdom's own `crypto` has none), the Performance classes, URLPattern. They are put back here
 * from Node's global (what `runInThisContext` sees), under the same names, so both pools give the tests one world.
 */
const node = runInThisContext('globalThis') as Record<string, unknown>;
const here = globalThis as Record<string, unknown>;
const NAMES = [
  'ReadableStream',
  'ReadableStreamDefaultReader',
  'ReadableStreamBYOBReader',
  'ReadableStreamBYOBRequest',
  'ReadableByteStreamController',
  'ReadableStreamDefaultController',
  'WritableStream',
  'WritableStreamDefaultWriter',
  'WritableStreamDefaultController',
  'TransformStream',
  'TransformStreamDefaultController',
  'ByteLengthQueuingStrategy',
  'CountQueuingStrategy',
  'TextEncoderStream',
  'TextDecoderStream',
  'CompressionStream',
  'DecompressionStream',
  'CryptoKey',
  'SubtleCrypto',
  'PerformanceEntry',
  'PerformanceMark',
  'PerformanceMeasure',
  'PerformanceObserver',
  'PerformanceObserverEntryList',
  'PerformanceResourceTiming',
  'URLPattern',
];
for (const name of NAMES)
  if (!(name in here) && node[name] !== undefined) Object.defineProperty(here, name, { value: node[name], configurable: true, writable: true });
if (!(here.crypto as Crypto | undefined)?.subtle) Object.defineProperty(here, 'crypto', { value: node.crypto, configurable: true, writable: true });
