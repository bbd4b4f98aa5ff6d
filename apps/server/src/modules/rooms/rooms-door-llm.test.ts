import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, movableClock, type TTestApp } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { runAllDue } from '../notifications/testing/notices-test-kit.ts';
import { seedWithRoom } from './testing/rooms-test-kit.ts';

/** Monday 2030-01-07 12:00 in Seoul. */
const NOON_SEOUL = Date.parse('2030-01-07T03:00:00Z');
const at = (hhmm: string) => new Date(Date.parse(`2030-01-07T${hhmm}:00+09:00`)).toISOString();

/** An OpenAI-compatible chat endpoint on loopback that streams `answer` (or fails with 500 when `down`). */
function fakeModel() {
  const fake = { answer: '', down: false, prompts: [] as string[], url: '', server: null as Server | null };
  fake.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: { content: string }[] };
      fake.prompts.push(body.messages.map((m) => m.content).join('\n'));
      if (fake.down) return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"down"}}');
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: fake.answer } }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  return fake;
}

describe('minutes → action items with a language model (pglite)', () => {
  const clock = movableClock(NOON_SEOUL);
  const model = fakeModel();
  let a: TTestApp;
  beforeAll(async () => {
    await new Promise<void>((r) => model.server!.listen(0, '127.0.0.1', r));
    model.url = `http://127.0.0.1:${(model.server!.address() as AddressInfo).port}/v1`;
    a = await createTestApp('pglite', { now: clock.now, jobs: false, env: { LLM_BASE_URL: model.url, LLM_MODEL: 'fake-model', LLM_MAX_RETRIES: '0' } });
  });
  afterAll(async () => {
    await a?.close();
    model.server?.closeAllConnections();
    await new Promise((r) => model.server?.close(r));
  });

  async function saveMinutes(minutes: string) {
    const s = await seedWithRoom(a);
    const b = await api(a, s.member.token)('POST', `${s.base}/bookings`, {
      roomId: s.roomId,
      title: '예산 회의',
      startsAt: at('12:30'),
      endsAt: at('13:00'),
      attendees: [s.owner.email],
    });
    const path = `${s.base}/bookings/${b.body.data.id}`;
    expect((await api(a, s.member.token)('PATCH', path, { minutes })).status).toBe(200);
    await runAllDue(a);
    return { ...s, items: (await api(a, s.owner.token)('GET', `${path}/action-items`)).body.data };
  }

  it("uses the model's JSON: owners matched to attendees, due dates as given; the prompt names the meeting date and attendees", async () => {
    model.down = false;
    model.answer = JSON.stringify({
      decisions: ['내년 예산안은 10% 증액'],
      actions: [
        { text: '부서별 요청서 취합', owner: '김소유', due: '2030-01-11' },
        { text: '외부 견적 받기', owner: '최외부', due: null },
      ],
    });
    const r = await saveMinutes('예산 10% 증액하기로 함. 김소유님이 금요일까지 요청서 취합, 최외부 견적.');
    expect(r.items).toMatchObject({
      source: 'llm',
      decisions: ['내년 예산안은 10% 증액'],
      actions: [
        { text: '부서별 요청서 취합', owner: { userId: r.owner.id, name: '김소유' }, due: '2030-01-11' },
        { text: '외부 견적 받기', owner: { userId: null, name: '최외부' }, due: null },
      ],
    });
    const prompt = model.prompts.at(-1)!;
    expect(prompt).toContain('2030-01-07');
    expect(prompt).toContain(r.owner.email);
  });

  it('falls back to the rule-based reader when the model fails or does not answer in JSON', async () => {
    for (const setup of [() => Object.assign(model, { down: true }), () => Object.assign(model, { down: false, answer: '결정 사항은 없습니다.' })]) {
      setup();
      const r = await saveMinutes('결정: 워크숍은 3월\n할 일: @이멤버 장소 알아보기 내일까지');
      expect(r.items).toMatchObject({
        source: 'rules',
        decisions: ['워크숍은 3월'],
        actions: [{ text: '@이멤버 장소 알아보기 내일까지', owner: { userId: r.member.id, name: '이멤버' }, due: '2030-01-08' }],
      });
    }
  });
});
