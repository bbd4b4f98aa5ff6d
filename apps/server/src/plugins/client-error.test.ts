/** Requests the HTTP parser refuses get the suite's error shape in Korean, not Fastify's English default. */
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { createTestApp, type TTestContext } from '../test/helpers.ts';

/** Sends raw bytes and returns everything the server answers before it closes the connection. */
function raw(port: number, request: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

describe('malformed requests', () => {
  let t: TTestContext;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  it('raw non-ASCII bytes in the URL: 400 with a Korean message in the usual shape', async () => {
    const answer = await raw(port, Buffer.concat([Buffer.from('GET /api/seeds?x='), Buffer.from('철', 'utf8'), Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')]));
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toContain('application/json; charset=utf-8');
    expect(JSON.parse(body!)).toEqual({ success: false, code: 'BAD_REQUEST', error: ko.errors.malformedRequest });
    expect(Number(/content-length: (\d+)/i.exec(head!)![1])).toBe(Buffer.byteLength(body!));
  });

  it('headers over the size limit: 431 in Korean', async () => {
    const answer = await raw(port, Buffer.from(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`));
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({ success: false, code: 'HEADERS_TOO_LARGE', error: ko.errors.headersTooLarge });
  });
});
