/**
 * The "address" the chatbot's per-address limits count (questions, new conversations, hand-offs). An IPv4 address
 * (also written IPv4-mapped, `::ffff:198.51.100.7`) counts as itself; an IPv6 address counts as its /64, because one
 * home line, phone or server is given a whole /64 and can pick a fresh address in it for every request — keyed on
 * the full address, one visitor would pass the per-address limits at will and use up the bot-wide budget alone.
 */
import { isIPv4, isIPv6 } from 'node:net';

function hextets(ip: string): string[] | undefined {
  let v6 = ip;
  // A dotted IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) as two hextets.
  const tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(v6)?.[1];
  if (tail) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    v6 = v6.slice(0, -tail.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = v6.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const fill = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  const all = [...left, ...fill, ...right];
  return all.length === 8 ? all.map((h) => parseInt(h, 16).toString(16)) : undefined;
}

export function addressKey(ip: string): string {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return bare;
  const h = hextets(bare.toLowerCase());
  if (!h) return bare;
  // IPv4-mapped: the IPv4 address itself.
  if (h.slice(0, 5).every((x) => x === '0') && h[5] === 'ffff') {
    const a = parseInt(h[6]!, 16);
    const b = parseInt(h[7]!, 16);
    return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
  }
  return `${h.slice(0, 4).join(':')}::/64`;
}
