import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import { registerErrorHandling } from './error-handler.ts';

describe('expected refusals are not logged as crashes', () => {
  const lines: { level: number; msg: string; err?: { stack?: string } }[] = [];
  const app = Fastify({
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk: Buffer, _enc, done) {
          for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
          done();
        },
      }),
    },
    disableRequestLogging: true,
  });
  beforeAll(async () => {
    registerErrorHandling(app);
    app.get('/unavailable', async () => {
      throw new AppError('SERVICE_UNAVAILABLE', 'Slack 앱 설정이 없습니다.');
    });
    app.get('/forbidden', async () => {
      throw new AppError('FORBIDDEN');
    });
    app.get('/crash', async () => {
      throw new Error('boom');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('503 configuration refusals log at warn and 4xx at info, without a stack; real crashes keep theirs', async () => {
    expect((await app.inject({ url: '/unavailable' })).statusCode).toBe(503);
    expect((await app.inject({ url: '/forbidden' })).statusCode).toBe(403);
    expect((await app.inject({ url: '/crash' })).statusCode).toBe(500);
    const [unavailable, forbidden, crash] = lines;
    expect(unavailable).toMatchObject({ level: 40, code: 'SERVICE_UNAVAILABLE', status: 503 });
    expect(forbidden).toMatchObject({ level: 30, code: 'FORBIDDEN', status: 403 });
    expect(JSON.stringify([unavailable, forbidden])).not.toContain('stack');
    expect(crash!.level).toBe(50);
    expect(crash!.err?.stack).toContain('boom');
    expect(lines.filter((l) => l.level >= 50)).toHaveLength(1);
  });
});
