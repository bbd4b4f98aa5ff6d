import { ko } from '@suite/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds } from '../../../test/helpers.ts';
import { api, signedIn } from '../../admin-users/testing/console-test-kit.ts';
import { knowledgeConnectorItems, knowledgeConnections } from '../../../db/schema-connectors.ts';
import { knowledgeSources } from '../../../db/schema-knowledge.ts';
import { seedMembers } from '../../../db/schema.ts';
import { makeTextPdf } from '../../../test-support/pdf.ts';
import { CLIENT, directWorkspace, eventCallback, idle, nextTs, sendEvent, SIGNING_SECRET, type TSlackTest } from '../../slack/testing/slack-test-kit.ts';
import { startFakeSlack } from '../../slack/testing/fake-slack.ts';
import { csvText, driveAccess } from './connectors.service.ts';
import { mayRead } from './access.ts';
import { insertConnection, type TItemAccess } from './connectors.repository.ts';
import { DRIVE_MAX_BYTES, GDOC, GSHEET, PDF } from './drive-client.ts';
import { startFakeConnectors, type TFakeConnectors } from './testing/fake-connectors.ts';

const FOLDER = 'fold-hr-0001';
const NOTION_TOKEN = `ntn_${'a1b2c3d4'.repeat(5)}`;
const PAGE_PUBLIC = '1111111111111111111111111111aaaa';
const PAGE_PRIVATE = '2222222222222222222222222222bbbb';

describe('connector helpers', () => {
  it('reads Drive permissions into addresses, domains and anyone; a sheet into row lines', () => {
    const a = driveAccess([
      { type: 'user', emailAddress: 'Kim@Hanbit.kr' },
      { type: 'domain', domain: 'hanbit.kr' },
      { type: 'group', emailAddress: 'hr@hanbit.kr' },
    ]);
    expect(a).toEqual({ emails: ['hr@hanbit.kr', 'kim@hanbit.kr'], domains: ['hanbit.kr'], anyone: false });
    expect(mayRead(a, 'lee@hanbit.kr')).toBe(true);
    expect(mayRead({ ...a, domains: [] }, 'lee@hanbit.kr')).toBe(false);
    expect(mayRead({ ...a, domains: [] }, null)).toBe(false);
    expect(mayRead({ emails: [], domains: [], anyone: true }, null)).toBe(true);
    expect(csvText('품목,수량,위치\n"모니터, 27인치",3,창고 B\n의자,,3층')).toBe('품목: 모니터, 27인치, 수량: 3, 위치: 창고 B\n\n품목: 의자, 위치: 3층');
  });
});

describe.each(dbKinds)('Google Drive and Notion connectors on %s', (kind) => {
  let s: TSlackTest;
  let seedId: string;
  let fc: TFakeConnectors;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let workspaceId: string;
  let driveId: string;
  let notionId: string;
  const a = () => api(s.t, owner.token);
  const base = () => `/api/slack/workspaces/${workspaceId}/connectors`;

  /** Asked in a direct message (what only the asker reads), or with `inChannel` as a mention in a shared channel. */
  const ask = async (user: string, text: string, inChannel = false) => {
    if (inChannel) {
      const e = { type: 'app_mention', channel: 'C0CONN', user, text: `<@UBOTCN> ${text}`, ts: nextTs() };
      await sendEvent(s.t, eventCallback('T0CONN', e));
      await idle(s.t);
      return s.slack.posts.find((p) => p.thread_ts === e.ts)!.text;
    }
    const channel = `D0${user}`;
    const before = s.slack.posts.filter((p) => p.channel === channel).length;
    await sendEvent(s.t, eventCallback('T0CONN', { type: 'message', channel_type: 'im', channel, user, text, ts: nextTs() }));
    await idle(s.t);
    const posts = s.slack.posts.filter((p) => p.channel === channel);
    expect(posts.length).toBe(before + 1);
    return posts.at(-1)!.text;
  };

  beforeAll(async () => {
    fc = await startFakeConnectors();
    const slack = await startFakeSlack(CLIENT);
    const t = await createTestApp(kind, {
      env: {
        SLACK_API_URL: slack.apiUrl,
        SLACK_AUTHORIZE_URL: slack.authorizeUrl,
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
        SLACK_CLIENT_ID: CLIENT.clientId,
        SLACK_CLIENT_SECRET: CLIENT.clientSecret,
        GOOGLE_CLIENT_ID: 'g-client',
        GOOGLE_CLIENT_SECRET: 'g-secret',
        GOOGLE_OAUTH_URL: fc.url,
        GOOGLE_API_URL: fc.url,
        NOTION_API_URL: fc.url,
      },
    });
    s = { t, slack, llm: null, close: async () => (await t.close(), await slack.close()) };
    owner = await signedIn(s.t);
    const ws = await directWorkspace(s, owner.token, { id: 'T0CONN', name: '연결 팀', botUserId: 'UBOTCN' });
    workspaceId = ws.id;
    seedId = ws.seedId;
    s.slack.usersByEmail.set('kim@hanbit.kr', 'UKIM');
    s.slack.usersByEmail.set('park@hanbit.kr', 'UPARK');
    s.slack.usersByEmail.set('lee@outside.com', 'ULEE');
    fc.folders.add(FOLDER);
    fc.files.set('doc-1', {
      id: 'doc-1',
      name: '경조사 안내',
      mimeType: GDOC,
      parent: FOLDER,
      modifiedTime: '2026-11-01T00:00:00Z',
      content: '경조사 휴가\n본인 결혼 시 경조사 휴가는 5일이며, 청첩장을 인사팀에 제출합니다.',
      permissions: [
        { type: 'user', emailAddress: 'admin@hanbit.kr' },
        { type: 'user', emailAddress: 'kim@hanbit.kr' },
        { type: 'user', emailAddress: 'hr@hanbit.kr' },
      ],
    });
    fc.files.set('sheet-1', {
      id: 'sheet-1',
      name: '비품 목록',
      mimeType: GSHEET,
      parent: FOLDER,
      modifiedTime: '2026-11-01T00:00:00Z',
      content: '품목,수량,위치\n빔프로젝터,2,비품 창고 B\n',
      permissions: [{ type: 'domain', domain: 'hanbit.kr' }],
    });
    fc.files.set('pdf-1', {
      id: 'pdf-1',
      name: 'Parking guide',
      mimeType: PDF,
      parent: FOLDER,
      modifiedTime: '2026-11-01T00:00:00Z',
      content: makeTextPdf(1, 2, (_p, i) => (i === 0 ? 'Visitor parking permit: level B2, ask the front desk.' : 'Bicycles go to the rack by gate 3.')),
      permissions: [{ type: 'anyone' }],
    });
    fc.notionTokens.add(NOTION_TOKEN);
    fc.notionMembers.push('kim@hanbit.kr', 'admin@hanbit.kr');
    fc.notionPages.set(PAGE_PUBLIC, {
      id: PAGE_PUBLIC,
      title: '온보딩 체크리스트',
      lastEdited: '2026-11-02T00:00:00Z',
      blocks: ['# 첫날', '노트북은 IT팀 김하늘 님이 첫날 오전에 지급합니다.', '사원증 사진은 인사팀에 메일로 보냅니다.'],
    });
    fc.notionPages.set(PAGE_PRIVATE, {
      id: PAGE_PRIVATE,
      title: '임원 회의록',
      lastEdited: '2026-11-02T00:00:00Z',
      blocks: ['내년 연봉 인상률 초안은 4.5퍼센트입니다.'],
    });
    fc.notionDatabases.set('db-1', { id: 'db-1', title: '사내 동호회', lastEdited: '2026-11-02T00:00:00Z' });
    fc.notionPages.set('row-1', {
      id: 'row-1',
      title: '러닝 동호회',
      lastEdited: '2026-11-02T00:00:00Z',
      blocks: ['매주 목요일 저녁 한강에서 달립니다.'],
      parentDb: 'db-1',
      props: { 회장: '박서준' },
    });
  });
  afterAll(async () => {
    await s?.close();
    await fc?.close();
  });

  it('connects Google Drive through OAuth bound to the browser, then indexes a folder’s Doc, Sheet and PDF', async () => {
    const start = await a()('POST', `${base()}/google-drive/start`);
    expect(start.status).toBe(200);
    const url = new URL(start.body.data.url);
    expect(url.searchParams.get('scope')).toContain('drive.readonly');
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    expect(String(start.headers['set-cookie'])).toContain('Path=/api/knowledge-connectors');
    fc.codes.set('code-1', { refreshToken: 'rt-drive-secret-1', email: 'admin@hanbit.kr' });
    const cb = `/api/knowledge-connectors/google/callback?code=code-1&state=${url.searchParams.get('state')}`;
    // Another browser (no cookie) gets nothing.
    const stolen = await s.t.app.inject({ method: 'GET', url: cb });
    expect(stolen.headers.location).toContain('drive=failed');
    const ok = await s.t.app.inject({ method: 'GET', url: cb, headers: { cookie } });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('/admin/services/slack-ai?drive=connected');
    const list = await a()('GET', base());
    const drive = list.body.data.connections.find((c: { kind: string }) => c.kind === 'google_drive');
    expect(drive).toMatchObject({ account: 'admin@hanbit.kr', status: 'active', items: [] });
    driveId = drive.id;

    const bad = await a()('PATCH', `${base()}/${driveId}`, { folder_ids: ['bad folder!'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain(ko.connectors.validation.folder);
    const saved = await a()('PATCH', `${base()}/${driveId}`, { folder_ids: [FOLDER] });
    expect(saved.status).toBe(200);
    expect(saved.body.data.items.map((i: { title: string }) => i.title).sort()).toEqual(['Parking guide', '경조사 안내', '비품 목록']);
    const docs = (await a()('GET', `/api/slack/workspaces/${workspaceId}/documents`)).body.data;
    expect(docs.find((d: { title: string }) => d.title === '비품 목록')).toBeTruthy();
    expect(docs.find((d: { title: string }) => d.title === 'Parking guide')).toMatchObject({ kind: 'pdf' });
  });

  it('keeps tokens sealed: neither the refresh token nor the Notion token is in the database in clear', async () => {
    const connect = await a()('POST', `${base()}/notion`, { token: NOTION_TOKEN });
    expect(connect.status).toBe(201);
    notionId = connect.body.data.id;
    const rows = await s.t.database.db.select().from(knowledgeConnections);
    expect(rows).toHaveLength(2);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain('rt-drive-secret-1');
    expect(dump).not.toContain(NOTION_TOKEN);
    const clear = await s.t.database.db.execute(sql`select count(*)::int as n from knowledge_connections where token_enc like ${`%${NOTION_TOKEN}%`}`);
    expect((clear as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect(JSON.stringify((await a()('GET', base())).body)).not.toContain(NOTION_TOKEN);
  });

  it('answers from Drive only to people the file is shared with', async () => {
    const kim = await ask('UKIM', '결혼하면 경조사 휴가 며칠이야?');
    expect(kim).toContain('경조사 안내');
    expect(kim).toContain('5일');
    const lee = await ask('ULEE', '결혼하면 경조사 휴가 며칠이야?');
    expect(lee).not.toContain('경조사 안내');
    expect(lee).not.toContain('청첩장');
    // The sheet is shared with the domain: a colleague of the domain sees it, an outsider does not.
    expect(await ask('UPARK', '빔프로젝터 어디 있어?')).toContain('비품 창고 B');
    expect(await ask('ULEE', '빔프로젝터 어디 있어?')).not.toContain('비품 창고 B');
    // Anyone with the link: everyone.
    expect(await ask('ULEE', 'visitor parking permit level?')).toContain('level B2');
    // In a shared channel everyone there reads the answer: only files open to anyone are cited, even to Kim.
    const inChannel = await ask('UKIM', '결혼하면 경조사 휴가 며칠이야?', true);
    expect(inChannel).not.toContain('경조사 안내');
    expect(inChannel).not.toContain('청첩장');
    expect(await ask('UPARK', '빔프로젝터 어디 있어?', true)).not.toContain('비품 창고 B');
    expect(await ask('UKIM', 'visitor parking permit level?', true)).toContain('level B2');
  });

  it('re-indexes a changed file and removes a trashed one', async () => {
    const doc = fc.files.get('doc-1')!;
    doc.content = '경조사 휴가\n본인 결혼 시 경조사 휴가는 7일로 늘었습니다.';
    doc.modifiedTime = '2026-11-20T00:00:00Z';
    const synced = await a()('POST', `${base()}/${driveId}/sync`);
    expect(synced.body.data.status).toBe('active');
    const kim = await ask('UKIM', '결혼하면 경조사 휴가 며칠이야?');
    expect(kim).toContain('7일');
    expect(kim).not.toContain('5일');
    fc.files.get('sheet-1')!.trashed = true;
    fc.changes.push({ fileId: 'sheet-1' });
    await a()('POST', `${base()}/${driveId}/sync`);
    const after = (await a()('GET', base())).body.data.connections.find((c: { id: string }) => c.id === driveId);
    expect(after.items.map((i: { title: string }) => i.title)).not.toContain('비품 목록');
    const docs = (await a()('GET', `/api/slack/workspaces/${workspaceId}/documents`)).body.data;
    expect(docs.find((d: { title: string }) => d.title === '비품 목록')).toBeUndefined();
  });

  it('skips Drive files over the size limit (declared or found while streaming) with a Korean note, never reading them whole', async () => {
    const big = Buffer.alloc(DRIVE_MAX_BYTES + 2 * 1_048_576, 0x41);
    const base0 = { parent: FOLDER, modifiedTime: '2026-11-21T00:00:00Z', permissions: [{ type: 'anyone' }] };
    fc.files.set('pdf-declared', { ...base0, id: 'pdf-declared', name: '대용량 도면', mimeType: PDF, size: String(3 * 1024 ** 3), content: 'never read' });
    fc.files.set('pdf-lying', { ...base0, id: 'pdf-lying', name: '거짓 크기 PDF', mimeType: PDF, size: '1000', content: big, chunked: true });
    fc.files.set('doc-huge', { ...base0, id: 'doc-huge', name: '거대 문서', mimeType: GDOC, content: big, chunked: true });
    const calls = fc.calls.length;
    const synced = await a()('POST', `${base()}/${driveId}/sync`);
    expect(synced.status).toBe(200);
    expect(synced.body.data.status).toBe('active');
    expect(synced.body.data.last_error).toBe(ko.connectors.server.driveTooBig(['대용량 도면', '거짓 크기 PDF', '거대 문서'], DRIVE_MAX_BYTES / 1_048_576));
    const titles = synced.body.data.items.map((i: { title: string }) => i.title);
    expect(titles).toContain('경조사 안내');
    expect(titles).not.toContain('대용량 도면');
    expect(titles).not.toContain('거짓 크기 PDF');
    expect(titles).not.toContain('거대 문서');
    // The declared one is never downloaded.
    expect(fc.calls.slice(calls)).not.toContain('GET /drive/v3/files/pdf-declared');
    expect(fc.calls.slice(calls)).toContain('GET /drive/v3/files/pdf-lying');
    for (const id of ['pdf-declared', 'pdf-lying', 'doc-huge']) fc.files.delete(id);
    const clean = await a()('POST', `${base()}/${driveId}/sync`);
    expect(clean.body.data).toMatchObject({ status: 'active', last_error: null });
  });

  it('indexes Notion pages and database rows, cites only pages marked 전체 공개 and only to Notion members', async () => {
    const conn = (await a()('GET', base())).body.data.connections.find((c: { id: string }) => c.id === notionId);
    expect(conn.items.map((i: { title: string }) => i.title).sort()).toEqual(['사내 동호회 · 러닝 동호회', '온보딩 체크리스트', '임원 회의록']);
    // Not marked: indexed but cited to nobody.
    expect(await ask('UKIM', '노트북은 누가 지급해?')).not.toContain('김하늘');
    const marked = await a()('PATCH', `${base()}/${notionId}`, { public_page_ids: [PAGE_PUBLIC] });
    expect(marked.status).toBe(200);
    expect(await ask('UKIM', '노트북은 누가 지급해?')).toContain('김하늘');
    // Not a member of the Notion workspace.
    expect(await ask('UPARK', '노트북은 누가 지급해?')).not.toContain('김하늘');
    // Never marked.
    expect(await ask('UKIM', '연봉 인상률 초안은?')).not.toContain('4.5');
    // Pages come through paginated block lists (two blocks a page): the last block is there.
    expect(fc.calls.filter((c) => c.includes(`/blocks/${PAGE_PUBLIC}/children`)).length).toBeGreaterThanOrEqual(2);
    expect(await ask('UKIM', '사원증 사진은 어디로 보내?')).toContain('인사팀에 메일');
  });

  it('refuses a bad Notion token in Korean (400) and shows a revoked one in the connection status, never a 500', async () => {
    const bad = await a()('POST', `${base()}/notion`, { token: `ntn_${'z'.repeat(40)}` });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(ko.connectors.server.notionBadToken);
    fc.notionTokens.delete(NOTION_TOKEN);
    const sync = await a()('POST', `${base()}/${notionId}/sync`);
    expect(sync.status).toBe(200);
    expect(sync.body.data).toMatchObject({ status: 'error', last_error: ko.connectors.server.notionBadToken });
    fc.refreshTokens.clear();
    const drive = await a()('POST', `${base()}/${driveId}/sync`);
    expect(drive.body.data).toMatchObject({ status: 'error', last_error: ko.connectors.server.driveExpired });
  });

  it('lists to a seed member only the items the source shares with their address; managers see every item', async () => {
    // Its own connection and items (the test stands alone): one file open to anyone, one to a domain, one to addresses.
    const db = s.t.database.db;
    const conn = await insertConnection(db, { seedId, slackWorkspaceId: workspaceId, kind: 'google_drive', tokenEnc: 'x', account: 'list@hanbit.kr' });
    const items: [string, string, TItemAccess][] = [
      ['list-open', '목록 공개 문서', { anyone: true, emails: [], domains: [] }],
      ['list-domain', '목록 도메인 문서', { anyone: false, emails: [], domains: ['hanbit.kr'] }],
      ['list-named', '목록 지정 문서', { anyone: false, emails: ['admin@hanbit.kr'], domains: [] }],
    ];
    for (const [id, title, access] of items) {
      const [src] = await db.insert(knowledgeSources).values({ seedId, slackWorkspaceId: workspaceId, kind: 'text', title, content: title }).returning();
      await db.insert(knowledgeConnectorItems).values({ connectionId: conn.id, externalId: id, sourceId: src!.id, title, version: '1', access });
    }
    const titles = (body: { data: { connections: { id: string; items: { title: string }[] }[] } }) =>
      body.data.connections.filter((c) => c.id === conn.id).flatMap((c) => c.items.map((i) => i.title));
    expect(titles((await a()('GET', base())).body).sort()).toEqual(['목록 공개 문서', '목록 도메인 문서', '목록 지정 문서']);
    const outsider = await signedIn(s.t, { email: `lee-${Date.now()}@outside.com` });
    await db.insert(seedMembers).values({ seedId, userId: outsider.id, role: 'member' });
    expect(titles((await api(s.t, outsider.token)('GET', base())).body)).toEqual(['목록 공개 문서']);
    const insider = await signedIn(s.t, { email: `hr-${Date.now()}@hanbit.kr` });
    await db.insert(seedMembers).values({ seedId, userId: insider.id, role: 'member' });
    expect(titles((await api(s.t, insider.token)('GET', base())).body).sort()).toEqual(['목록 공개 문서', '목록 도메인 문서']);
    expect((await api(s.t, insider.token)('DELETE', `${base()}/${conn.id}`)).status).toBe(403);
    await db.delete(knowledgeConnections).where(eq(knowledgeConnections.id, conn.id));
  });

  it('lets only managers change connections, and disconnecting removes the imported documents', async () => {
    const member = await signedIn(s.t);
    expect((await api(s.t, member.token)('GET', base())).status).toBe(404);
    const del = await a()('DELETE', `${base()}/${driveId}`);
    expect(del.status).toBe(200);
    const docs = (await a()('GET', `/api/slack/workspaces/${workspaceId}/documents`)).body.data;
    expect(docs.find((d: { title: string }) => d.title === '경조사 안내')).toBeUndefined();
    expect(await s.t.database.db.select().from(knowledgeConnections).where(eq(knowledgeConnections.id, driveId))).toHaveLength(0);
  });
});
