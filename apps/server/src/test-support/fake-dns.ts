/**
 * A small authoritative DNS server on loopback UDP for tests (issue 33: custom domains). It answers A, CNAME and TXT
 * questions from an in-memory zone the test edits; the app reaches it through `DNS_SERVERS=127.0.0.1:<port>`.
 *
 *   const dns = await startFakeDns();
 *   dns.set('_company-tools.api.example.co.kr', 'TXT', ['company-tools-verify=…']);
 *   dns.set('api.example.co.kr', 'CNAME', ['app.example.com']);
 *   dns.remove('_company-tools.api.example.co.kr');
 *   dns.failing = true;   // every answer is SERVFAIL (a resolver in trouble)
 *   await dns.close();
 *
 * A name not in the zone answers NXDOMAIN; a name with other types only, NOERROR with no answer (NODATA). An A
 * question about a CNAME follows it inside the zone, as a recursive resolver would. TXT values longer than 255 bytes
 * go out as several character-strings, as real zones publish DKIM keys. Wire format: RFC 1035 §4.
 */
import { createSocket, type RemoteInfo } from 'node:dgram';

export type TFakeRecordType = 'A' | 'CNAME' | 'TXT';

export type TFakeDns = {
  port: number;
  /** The value for DNS_SERVERS. */
  servers: string;
  set: (name: string, type: TFakeRecordType, values: string[]) => void;
  /** Removes one type of a name, or the whole name. */
  remove: (name: string, type?: TFakeRecordType) => void;
  clear: () => void;
  failing: boolean;
  /** Questions answered so far. */
  queries: number;
  close: () => Promise<void>;
};

const TYPE_CODE: Record<TFakeRecordType, number> = { A: 1, CNAME: 5, TXT: 16 };
const CODE_TYPE = new Map(Object.entries(TYPE_CODE).map(([k, v]) => [v, k as TFakeRecordType]));

const key = (name: string) => name.toLowerCase().replace(/\.$/, '');

function encodeName(name: string): Buffer {
  const parts = key(name)
    .split('.')
    .filter(Boolean)
    .map((l) => {
      const b = Buffer.from(l, 'ascii');
      return Buffer.concat([Buffer.from([b.length]), b]);
    });
  return Buffer.concat([...parts, Buffer.from([0])]);
}

/** The question's name and where the question's type starts (no compression in questions from resolvers). */
function readName(msg: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = offset;
  while (at < msg.length) {
    const len = msg[at]!;
    if (len === 0) return { name: labels.join('.'), end: at + 1 };
    if (len >= 0xc0) throw new Error('compressed question name');
    labels.push(msg.subarray(at + 1, at + 1 + len).toString('ascii'));
    at += 1 + len;
  }
  throw new Error('truncated name');
}

function rdata(type: TFakeRecordType, value: string): Buffer {
  if (type === 'A') return Buffer.from(value.split('.').map(Number));
  if (type === 'CNAME') return encodeName(value);
  const bytes = Buffer.from(value, 'utf8');
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) {
    const part = bytes.subarray(i, i + 255);
    chunks.push(Buffer.from([part.length]), part);
  }
  return Buffer.concat(chunks);
}

function answer(name: string, type: TFakeRecordType, value: string): Buffer {
  const data = rdata(type, value);
  const fixed = Buffer.alloc(10);
  fixed.writeUInt16BE(TYPE_CODE[type], 0);
  fixed.writeUInt16BE(1, 2); // IN
  fixed.writeUInt32BE(0, 4); // TTL 0: no caching between edits
  fixed.writeUInt16BE(data.length, 8);
  return Buffer.concat([encodeName(name), fixed, data]);
}

export async function startFakeDns(): Promise<TFakeDns> {
  const zone = new Map<string, Map<TFakeRecordType, string[]>>();
  const socket = createSocket('udp4');

  const lookup = (name: string, type: TFakeRecordType): Buffer[] => {
    const records = zone.get(key(name));
    if (!records) return [];
    const direct = records.get(type);
    if (direct) return direct.map((v) => answer(name, type, v));
    const cname = records.get('CNAME');
    if (type !== 'CNAME' && cname?.[0] && key(cname[0]) !== key(name)) return [answer(name, 'CNAME', cname[0]), ...lookup(cname[0], type)];
    return [];
  };

  const reply = (msg: Buffer, from: RemoteInfo) => {
    if (msg.length < 12) return;
    const id = msg.readUInt16BE(0);
    const rd = msg[2]! & 0x01;
    let question: Buffer;
    let name: string;
    let qtype: number;
    try {
      const q = readName(msg, 12);
      name = q.name;
      qtype = msg.readUInt16BE(q.end);
      question = msg.subarray(12, q.end + 4);
    } catch {
      return;
    }
    fake.queries += 1;
    const type = CODE_TYPE.get(qtype);
    let rcode = 0;
    let answers: Buffer[] = [];
    if (fake.failing)
      rcode = 2; // SERVFAIL
    else if (!zone.has(key(name)))
      rcode = 3; // NXDOMAIN
    else if (type) answers = lookup(name, type);
    const header = Buffer.alloc(12);
    header.writeUInt16BE(id, 0);
    header[2] = 0x84 | rd; // QR, AA, RD as asked
    header[3] = 0x80 | rcode; // RA, RCODE
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, question, ...answers]), from.port, from.address);
  };

  socket.on('message', reply);
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  const port = socket.address().port;

  const fake: TFakeDns = {
    port,
    servers: `127.0.0.1:${port}`,
    set: (name, type, values) => {
      const records = zone.get(key(name)) ?? new Map<TFakeRecordType, string[]>();
      records.set(type, [...values]);
      zone.set(key(name), records);
    },
    remove: (name, type) => {
      if (!type) {
        zone.delete(key(name));
        return;
      }
      const records = zone.get(key(name));
      records?.delete(type);
      if (records?.size === 0) zone.delete(key(name));
    },
    clear: () => zone.clear(),
    failing: false,
    queries: 0,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
  return fake;
}
