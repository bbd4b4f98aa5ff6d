import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mealReceipts } from '../../db/schema-meal.ts';
import { createTestApp, dbKinds, testClock, type TTestContext } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { addMember } from '../seeds/seeds.repository.ts';
import { evenRoundAllJoined, inMinutes, seedWithMembers } from './testing/meal-test-kit.ts';

const MAX_BYTES = 60_000;

/** Whether a TIFF/EXIF block (as sharp's metadata returns it) has a GPS IFD pointer (tag 0x8825) in IFD0. */
function hasGps(exif: Buffer): boolean {
  const b = exif.toString('latin1', 0, 4) === 'Exif' ? exif.subarray(6) : exif;
  const le = b.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
  const ifd = le ? b.readUInt32LE(4) : b.readUInt32BE(4);
  for (let i = 0; i < u16(ifd); i++) if (u16(ifd + 2 + i * 12) === 0x8825) return true;
  return false;
}

/** A 64×48 JPEG photo taken "rotated" (EXIF orientation 6) with a camera name and a GPS position. */
const gpsJpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a7' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'ReceiptCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 33/1 58/1', GPSLongitudeRef: 'E', GPSLongitude: '126/1 58/1 40/1' },
    })
    .toBuffer();
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } })
    .png()
    .toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe.each(dbKinds)('meal receipts (%s)', (kind) => {
  let t: TTestContext;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false, now: clock.now, env: { MEAL_RECEIPT_MAX_BYTES: String(MAX_BYTES) } });
  });
  afterAll(async () => t?.close());

  const upload = (token: string, url: string, body: Buffer, type: string) =>
    t.app.inject({ method: 'POST', url: `${url}/receipts`, headers: { authorization: `Bearer ${token}`, 'content-type': type }, payload: body });
  const stored = (mealId: string) => t.database.db.select().from(mealReceipts).where(eq(mealReceipts.mealId, mealId));

  async function round() {
    const s = await seedWithMembers(t, 2);
    const meal = await evenRoundAllJoined(t, s, {
      title: '영수증 점심',
      date: '2026-12-03',
      deadline: inMinutes(clock.now(), 60),
      option: { name: '냉면', price: 11_000 },
    });
    return { ...s, url: `${s.base}/meals/${meal.id}`, mealId: meal.id as string };
  }

  it('stores a JPEG with GPS EXIF re-encoded without any metadata, rotated upright; PNG as JPEG; PDF as is; serves the bytes to members', async () => {
    const { owner, members, url, mealId, base } = await round();
    const photo = await gpsJpeg();
    const before = await sharp(photo).metadata();
    expect(before.exif && hasGps(before.exif)).toBe(true);
    expect(before.orientation).toBe(6);

    const up = await upload(members[0]!.token, url, photo, 'image/jpeg');
    expect(up.statusCode).toBe(201);
    const receipt = up.json().data;
    expect(receipt).toMatchObject({ mealId, contentType: 'image/jpeg', uploadedBy: { userId: members[0]!.id, name: '이하나' }, canDelete: true });
    const [row] = await stored(mealId);
    const after = await sharp(row!.data).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(row!.data.includes(Buffer.from('ReceiptCam'))).toBe(false);
    expect([after.width, after.height]).toEqual([48, 64]);
    expect(row!.byteSize).toBe(row!.data.length);
    expect(row!.sha256).toBe(createHash('sha256').update(row!.data).digest('hex'));

    const p = await upload(owner.token, url, await png(), 'image/png');
    expect(p.statusCode).toBe(201);
    expect(p.json().data.contentType).toBe('image/jpeg');
    const d = await upload(owner.token, url, pdf, 'application/pdf');
    expect(d.statusCode).toBe(201);
    expect(d.json().data).toMatchObject({ contentType: 'application/pdf', byteSize: pdf.length });

    const list = await api(t, members[1]!.token)('GET', `${url}/receipts`);
    expect(list.body.data.map((r: { contentType: string; canDelete: boolean }) => [r.contentType, r.canDelete])).toEqual([
      ['image/jpeg', false],
      ['image/jpeg', false],
      ['application/pdf', false],
    ]);
    const file = await t.app.inject({ method: 'GET', url: `${url}/receipts/${d.json().data.id}`, headers: { authorization: `Bearer ${members[1]!.token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="receipt-[0-9a-f]{8}\.pdf"$/);
    expect(file.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(file.rawPayload.equals(pdf)).toBe(true);

    // The ledger page's links: the round with its three receipts.
    const rounds = await api(t, owner.token)('GET', `${base}/meal-receipts`);
    expect(rounds.body.data).toEqual([{ mealId, title: '영수증 점심', date: '2026-12-03', partNo: 1, total: 33_000, receipts: expect.any(Array) }]);
    expect(rounds.body.data[0].receipts).toHaveLength(3);

    // Outsiders see nothing: not the list, not the file, no upload.
    const stranger = await signedIn(t, { fullName: '외부인' });
    expect((await api(t, stranger.token)('GET', `${url}/receipts`)).status).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `${url}/receipts/${receipt.id}`, headers: { authorization: `Bearer ${stranger.token}` } })).statusCode,
    ).toBe(404);
    expect((await upload(stranger.token, url, photo, 'image/jpeg')).statusCode).toBe(404);
    expect(await stored(mealId)).toHaveLength(3);
  });

  it('refuses wrong types by their bytes, oversize bodies (413), members who did not join, and a sixth receipt; nothing is stored', async () => {
    const { owner, members, url, mealId, seedId } = await round();
    const text = Buffer.from('영수증 아님: 그냥 글자입니다.');
    for (const [body, type] of [
      [text, 'image/jpeg'], // a .txt renamed .jpg
      [text, 'application/pdf'],
      [gif, 'image/gif'],
      [gif, 'image/jpeg'],
      [svg, 'image/svg+xml'],
      [svg, 'image/png'],
      [text, 'text/plain'],
      [Buffer.from('{"a":1}'), 'application/json'],
    ] as const) {
      const r = await upload(owner.token, url, body, type);
      expect(r.statusCode, type).toBe(415);
      expect(r.json().error).toBe('영수증은 JPEG, PNG, WebP 사진이나 PDF 파일만 올릴 수 있습니다.');
    }
    // A JPEG signature with garbage after it: refused when decoding.
    const broken = await upload(owner.token, url, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]), 'image/jpeg');
    expect(broken.statusCode).toBe(400);
    // Over the limit: 413 with the limit in Korean, whether or not the type is right.
    const big = Buffer.concat([pdf, Buffer.alloc(MAX_BYTES, 0x20)]);
    const over = await upload(owner.token, url, big, 'application/pdf');
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toBe('영수증 파일은 60KB까지 올릴 수 있습니다.');
    expect(await stored(mealId)).toHaveLength(0);

    // A member of the seed who has not joined the round may not upload; one who declined neither.
    const late = await signedIn(t, { fullName: '늦은이' });
    await addMember(t.database.db, seedId, late.id, 'member');
    const notJoined = await upload(late.token, url, pdf, 'application/pdf');
    expect(notJoined.statusCode).toBe(403);
    expect(notJoined.json().error).toContain('라운드에 참여한 사람');

    // Five per round; the sixth is refused. Deleting one makes room again.
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await upload(members[i % 2]!.token, url, pdf, 'application/pdf');
      expect(r.statusCode).toBe(201);
      ids.push(r.json().data.id);
    }
    const sixth = await upload(owner.token, url, pdf, 'application/pdf');
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error).toContain('5장까지');
    expect(await stored(mealId)).toHaveLength(5);

    // Delete: not someone else's (a plain member), one's own yes, and a seed manager (the owner) any.
    expect((await api(t, members[1]!.token)('DELETE', `${url}/receipts/${ids[0]}`)).status).toBe(403);
    expect((await api(t, members[0]!.token)('DELETE', `${url}/receipts/${ids[0]}`)).status).toBe(200);
    expect((await api(t, owner.token)('DELETE', `${url}/receipts/${ids[1]}`)).status).toBe(200);
    expect((await api(t, owner.token)('DELETE', `${url}/receipts/${ids[1]}`)).status).toBe(404);
    expect(await stored(mealId)).toHaveLength(3);
    expect((await upload(owner.token, url, pdf, 'application/pdf')).statusCode).toBe(201);
  });
});
