import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { strToU8, zipSync, gzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koChatbotSources } from '@suite/shared/messages/ko-chatbot-sources';
import { jobs } from '../../db/schema-jobs.ts';
import { knowledgePassages } from '../../db/schema-knowledge.ts';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { seedWithMembers } from '../meal/testing/meal-test-kit.ts';
import { search } from './knowledge.service.ts';
import { officeText } from './sources-files.ts';
import { robotsAllows, ROBOTS_AGENT } from './sources-sitemap.ts';

const m = koChatbotSources.server;
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** A minimal .docx: styles with Korean Word's heading ids, a heading, paragraphs (split runs, a tab, an entity), a table. */
function docx(): Uint8Array {
  const p = (text: string, style?: string) =>
    `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document ${W}><w:body>
${p('배송 안내', '1')}
<w:p><w:r><w:t>주문 후 평일 기준 </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>1~3일</w:t></w:r><w:r><w:tab/><w:t>안에 받으실 수 있습니다 &amp; 제주는 하루 더.</w:t></w:r></w:p>
${p('반품 안내', 'Heading2')}
${p('상품을 받은 날부터 7일 안에 반품을 신청해 주세요.')}
<w:tbl><w:tr><w:tc>${p('지역')}</w:tc><w:tc>${p('배송비')}</w:tc></w:tr><w:tr><w:tc>${p('도서산간')}</w:tc><w:tc>${p('5,000원')}</w:tc></w:tr></w:tbl>
<w:sectPr/></w:body></w:document>`;
  const styles = `<?xml version="1.0" encoding="UTF-8"?><w:styles ${W}><w:style w:type="paragraph" w:styleId="1"><w:name w:val="heading 1"/></w:style></w:styles>`;
  return zipSync({
    '[Content_Types].xml': strToU8('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    'word/document.xml': strToU8(document),
    'word/styles.xml': strToU8(styles),
  });
}

/** A minimal .hwpx: two sections, an outline-style heading (header.xml), a line break and a table. */
function hwpx(): Uint8Array {
  const NS = 'xmlns:hp="http://www.hancom.co.kr/hwpml/2011/paragraph" xmlns:hs="http://www.hancom.co.kr/hwpml/2011/section"';
  const p = (text: string, style = '0') => `<hp:p id="0" paraPrIDRef="0" styleIDRef="${style}"><hp:run charPrIDRef="0"><hp:t>${text}</hp:t></hp:run></hp:p>`;
  const section0 = `<?xml version="1.0" encoding="UTF-8"?><hs:sec ${NS}>${p('수강 안내', '2')}${p('체험 수업은 1회 2만 원입니다.')}<hp:p styleIDRef="0"><hp:run><hp:t>무통장 입금은</hp:t><hp:lineBreak/><hp:t>당일 확인됩니다.</hp:t></hp:run></hp:p></hs:sec>`;
  const section1 = `<?xml version="1.0" encoding="UTF-8"?><hs:sec ${NS}>${p('환불 규정', '2')}<hp:p><hp:run><hp:tbl><hp:tr><hp:tc><hp:subList>${p('시작 전')}</hp:subList></hp:tc><hp:tc><hp:subList>${p('전액 환불')}</hp:subList></hp:tc></hp:tr></hp:tbl></hp:run></hp:p></hs:sec>`;
  const header = `<?xml version="1.0" encoding="UTF-8"?><hh:head xmlns:hh="http://www.hancom.co.kr/hwpml/2011/head"><hh:styles><hh:style id="0" type="PARA" name="바탕글" engName="Normal"/><hh:style id="2" type="PARA" name="개요 1" engName="Outline 1"/></hh:styles></hh:head>`;
  return zipSync({
    mimetype: strToU8('application/hwp+zip'),
    'Contents/header.xml': strToU8(header),
    'Contents/section1.xml': strToU8(section1),
    'Contents/section0.xml': strToU8(section0),
  });
}

/** The first bytes of a binary .hwp: an OLE compound file with the 한글 signature in its FileHeader stream. */
function hwpBinary(): Uint8Array {
  const b = Buffer.alloc(2048);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b, 0);
  b.write('HWP Document File', 1024, 'latin1');
  return b;
}

describe('office files (pure)', () => {
  it('a .docx: headings (by style name and id), paragraphs joined across runs, a tab, entities and a table row per line', () => {
    const { kind, text } = officeText(docx(), 100_000);
    expect(kind).toBe('docx');
    expect(text).toBe(
      [
        '# 배송 안내',
        '주문 후 평일 기준 1~3일 안에 받으실 수 있습니다 & 제주는 하루 더.',
        '## 반품 안내',
        '상품을 받은 날부터 7일 안에 반품을 신청해 주세요.',
        '지역 | 배송비',
        '도서산간 | 5,000원',
      ].join('\n\n'),
    );
  });

  it('a .hwpx: sections in order, 개요 headings, line breaks and table rows', () => {
    const { kind, text } = officeText(hwpx(), 100_000);
    expect(kind).toBe('hwpx');
    expect(text).toBe(['# 수강 안내', '체험 수업은 1회 2만 원입니다.', '무통장 입금은\n당일 확인됩니다.', '# 환불 규정', '시작 전 | 전액 환불'].join('\n\n'));
  });

  it('refuses a binary .hwp, a ZIP that is neither, a broken file and a text over the cap, each with its Korean reason', () => {
    expect(() => officeText(hwpBinary(), 100_000)).toThrow(m.hwpBinary);
    expect(() => officeText(zipSync({ 'a.txt': strToU8('hello') }), 100_000)).toThrow(m.fileUnknown);
    expect(() => officeText(Buffer.from('PK\x03\x04 not really a zip'), 100_000)).toThrow(m.fileBroken);
    expect(() => officeText(Buffer.from('%PDF-1.7'), 100_000)).toThrow(m.fileUnknown);
    expect(() => officeText(docx(), 40)).toThrow(m.fileTooLong(40));
  });
});

describe('robots.txt', () => {
  const robots = [
    'User-agent: *',
    'Disallow: /private/',
    'Allow: /private/faq',
    '',
    'User-agent: company-tools-fetch',
    'Disallow: /members',
    'Disallow: /*.pdf$',
    '',
    'User-agent: OtherBot',
    'Disallow: /',
  ].join('\n');
  it('uses our own group when there is one (longest match wins, `*` and `$` patterns)', () => {
    const ours = robotsAllows(robots, ROBOTS_AGENT);
    expect(ours('/members/list')).toBe(false);
    expect(ours('/files/guide.pdf')).toBe(false);
    expect(ours('/files/guide.pdf?x=1')).toBe(true);
    // Our group replaces `*`, so /private/ is not closed to us.
    expect(ours('/private/x')).toBe(true);
    expect(ours('/')).toBe(true);
  });
  it('falls back to `*`, where Allow beats a shorter Disallow; an empty Disallow allows everything', () => {
    const any = robotsAllows(robots, 'SomeoneElse/1.0');
    expect(any('/private/x')).toBe(false);
    expect(any('/private/faq/1')).toBe(true);
    expect(robotsAllows('User-agent: *\nDisallow:', ROBOTS_AGENT)('/anything')).toBe(true);
    expect(robotsAllows('User-agent: *\nDisallow: /', ROBOTS_AGENT)('/anything')).toBe(false);
  });
});

describe.each(dbKinds)('more knowledge sources (%s)', (kind) => {
  let t: TTestContext;
  let base: string;
  let botId: string;
  let token: string;
  let site: ReturnType<typeof createServer>;
  let origin: string;
  const requests: string[] = [];
  let robots = 'User-agent: *\nDisallow: /admin\n\nUser-agent: company-tools-fetch\nDisallow: /members\n';
  let shipping = '주문 후 평일 기준 1~3일 안에 받으실 수 있습니다.';
  const pages: Record<string, string> = {
    '/shipping': '<html><head><title>배송 안내</title></head><body><h1>배송</h1><p>SHIPPING</p></body></html>',
    '/refund': '<html><head><title>환불 안내</title></head><body><p>반품 상품이 도착하면 3영업일 안에 환불됩니다.</p></body></html>',
    '/members/secret': '<html><head><title>회원 전용</title></head><body><p>회원 전용 비밀 쿠폰 코드는 ABC123 입니다.</p></body></html>',
    '/admin/page': '<html><head><title>관리</title></head><body><p>관리자 페이지 내용</p></body></html>',
  };
  beforeAll(async () => {
    site = createServer((req: IncomingMessage, res) => {
      const path = req.url ?? '/';
      requests.push(path);
      const u = `http://${req.headers.host}`;
      if (path === '/robots.txt') return void res.writeHead(200, { 'content-type': 'text/plain' }).end(robots);
      if (path === '/sitemap.xml')
        return void res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${u}/sitemap-a.xml</loc></sitemap><sitemap><loc>${u}/sitemap-b.xml.gz</loc></sitemap></sitemapindex>`,
          );
      if (path === '/sitemap-a.xml')
        return void res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${u}/shipping</loc></url><url><loc>${u}/members/secret</loc></url><url><loc>https://elsewhere.example/x</loc></url></urlset>`,
          );
      if (path === '/sitemap-b.xml.gz')
        return void res
          .writeHead(200, { 'content-type': 'application/gzip' })
          .end(
            Buffer.from(
              gzipSync(
                strToU8(
                  `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${u}/refund</loc></url><url><loc>${u}/admin/page</loc></url><url><loc>${u}/shipping</loc></url></urlset>`,
                ),
              ),
            ),
          );
      const page = pages[path];
      if (!page) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page.replace('SHIPPING', shipping));
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    t = await createTestApp(kind, { jobs: false, env: { ALLOW_PRIVATE_URLS: 'true' } });
    const s = await seedWithMembers(t, 0);
    base = s.base;
    token = s.owner.token;
    botId = (await api(t, token)('POST', `${base}/chatbots`, { name: '상담봇', allowedOrigins: [] })).body.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    site?.close();
  });

  const upload = (bytes: Uint8Array, type: string, title: string) =>
    t.app.inject({
      method: 'POST',
      url: `${base}/chatbots/${botId}/sources/file?title=${encodeURIComponent(title)}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      payload: Buffer.from(bytes),
    });

  it('a Word file becomes a source whose passages keep their headings, found by the chatbot retrieval', async () => {
    const r = await upload(docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', '쇼핑몰 안내서');
    expect(r.statusCode).toBe(201);
    const data = r.json().data as { id: string; type: string; passages: number };
    expect(data.type).toBe('docx');
    const passages = await t.database.db.select().from(knowledgePassages).where(eq(knowledgePassages.sourceId, data.id));
    expect(passages.map((p) => p.content).join('\n')).toContain('반품 안내\n상품을 받은 날부터 7일 안에');
    // The chatbot's retrieval finds the passage under its heading.
    const [hit] = await search(t.database.db, botId, '반품 신청은 며칠 안에 해야 하나요?');
    expect(hit).toMatchObject({ sourceId: data.id, kind: 'docx' });
    expect(hit!.content).toContain('7일 안에');
  });

  it('a 한글 .hwpx file (declared as octet-stream) is read; a binary .hwp is refused with the Korean suggestion', async () => {
    const r = await upload(hwpx(), 'application/octet-stream', '필라테스 수강 안내');
    expect(r.statusCode).toBe(201);
    expect(r.json().data).toMatchObject({ type: 'hwpx', title: '필라테스 수강 안내' });
    const refused = await upload(hwpBinary(), 'application/x-hwp', '옛 문서');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(m.hwpBinary);
    const text = await upload(new TextEncoder().encode('그냥 글'), 'application/octet-stream', '텍스트');
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toBe(m.fileUnknown);
  });

  it('a site from its sitemap index (.xml and .xml.gz): same-origin pages only, robots.txt obeyed, re-fetched on the job runner', async () => {
    requests.length = 0;
    const r = await api(t, token)('POST', `${base}/chatbots/${botId}/sources`, { type: 'sitemap', url: `${origin}/sitemap.xml` });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ type: 'sitemap', url: `${origin}/sitemap.xml`, title: '127.0.0.1' });
    const id = r.body.data.id as string;
    // Our group disallows /members, and replaces `*` (so /admin is allowed to us); the other host is never asked.
    expect(requests).toContain('/robots.txt');
    expect(requests).not.toContain('/members/secret');
    expect(requests).toContain('/admin/page');
    expect(requests.filter((p) => p === '/shipping').length).toBe(1);
    const content = (await t.database.db.select().from(knowledgePassages).where(eq(knowledgePassages.sourceId, id))).map((p) => p.content).join('\n');
    expect(content).toContain('환불 안내');
    expect(content).toContain('1~3일');
    expect(content).not.toContain('ABC123');
    // Each passage keeps its page's address, and the retrieval cites that page rather than the sitemap.
    const rows = await t.database.db.select().from(knowledgePassages).where(eq(knowledgePassages.sourceId, id));
    expect(new Set(rows.map((p) => p.pageUrl))).toEqual(new Set([`${origin}/shipping`, `${origin}/refund`, `${origin}/admin/page`]));
    const hit = (await search(t.database.db, botId, '반품 상품 도착하면 며칠 안에 환불돼요?')).find((h) => h.sourceId === id);
    expect(hit?.url).toBe(`${origin}/refund`);
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `knowledge-source:${id}`));
    expect(job).toMatchObject({ kind: 'knowledge.refetch-url', doneAt: null });

    // The site changes and its robots.txt now closes /admin to everyone: the scheduled run picks both up.
    shipping = '이제 주문 다음 날 도착하는 새벽 배송을 합니다.';
    robots = 'User-agent: *\nDisallow: /admin\nDisallow: /members\n';
    requests.length = 0;
    await t.database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await t.app.jobs.runDue();
    expect(requests).not.toContain('/admin/page');
    const after = (await t.database.db.select().from(knowledgePassages).where(eq(knowledgePassages.sourceId, id))).map((p) => p.content).join('\n');
    expect(after).toContain('새벽 배송');
    expect(after).not.toContain('관리자 페이지 내용');
    const next = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `knowledge-source:${id}`));
    expect(next.some((j) => j.doneAt === null && j.runAt.getTime() > Date.now() + 23 * 3_600_000)).toBe(true);
  });

  it('refuses a sitemap that is not one, and a site whose robots.txt cannot be read', async () => {
    const notXml = await api(t, token)('POST', `${base}/chatbots/${botId}/sources`, { type: 'sitemap', url: `${origin}/shipping` });
    expect(notXml.status).toBe(400);
    expect(notXml.body.error).toBe(m.sitemapInvalid);
    const down = createServer((req, res) => res.writeHead(req.url === '/robots.txt' ? 503 : 200).end('<urlset></urlset>'));
    await new Promise<void>((r) => down.listen(0, '127.0.0.1', r));
    try {
      const r = await api(t, token)('POST', `${base}/chatbots/${botId}/sources`, {
        type: 'sitemap',
        url: `http://127.0.0.1:${(down.address() as AddressInfo).port}/sitemap.xml`,
      });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe(m.robotsUnavailable);
    } finally {
      down.close();
    }
  });
});
