import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';

/**
 * The outbound-address guard: every connection the product opens on a user's behalf (a knowledge URL, a customer's
 * database) goes to an address checked here, and then to exactly that address (pinned), so a DNS answer that
 * changes between the check and the connection (rebinding) cannot reach a refused address.
 */

/** Addresses that are never a public service: loopback, private, link-local (cloud metadata), CGNAT, reserved. */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, incl. 169.254.169.254 metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (embeds an IPv4 address)
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215)
  ['2002::', 16], // 6to4 (carries an IPv4 address, e.g. 2002:a9fe:a9fe:: = 169.254.169.254; deprecated)
  ['fec0::', 10], // site-local (deprecated)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** The 16 bytes of an IPv6 literal (zone and brackets removed; a dotted IPv4 tail allowed), or undefined. */
function v6Bytes(literal: string): number[] | undefined {
  const a = literal
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .toLowerCase();
  if (isIP(a) !== 6) return undefined;
  let text = a;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const o = tail[1]!.split('.').map(Number);
    text = `${text.slice(0, -tail[1]!.length)}${((o[0]! << 8) | o[1]!).toString(16)}:${((o[2]! << 8) | o[3]!).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const r = rest ? rest.split(':') : [];
  const groups = rest === undefined ? h : [...h, ...Array<string>(8 - h.length - r.length).fill('0'), ...r];
  if (groups.length !== 8) return undefined;
  return groups.flatMap((g) => {
    const n = parseInt(g || '0', 16);
    return [n >> 8, n & 255];
  });
}

/**
 * One spelling per address: IPv4 dotted (IPv4-mapped and -compatible IPv6 forms become the IPv4 address they carry:
 * `::ffff:7f00:1`, `0:0:0:0:0:ffff:7f00:1`, `[::ffff:127.0.0.1]` are all 127.0.0.1), other IPv6 fully expanded.
 */
export function canonicalAddress(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 4) return bare;
  const b = v6Bytes(bare);
  if (!b) return bare.toLowerCase();
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const mapped = zeros(0, 10) && b[10] === 0xff && b[11] === 0xff;
  const compatible = zeros(0, 12) && !zeros(12, 15); // ::a.b.c.d, not :: or ::1
  if (mapped || compatible) return b.slice(12).join('.');
  return Array.from({ length: 8 }, (_, i) => ((b[2 * i]! << 8) | b[2 * i + 1]!).toString(16)).join(':');
}

/** True when `address` (a literal IPv4 or IPv6 address) is loopback, private, link-local or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // Any spelling of an IPv4-mapped or -compatible address is judged as the IPv4 address it carries.
    const canonical = canonicalAddress(address);
    if (isIP(canonical) === 4) return isPrivateAddress(canonical);
    const lower = address.toLowerCase();
    // IPv4-mapped and -compatible forms (::ffff:127.0.0.1, ::ffff:7f00:1) are judged as the IPv4 address they carry.
    const mapped = /^::(ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    if (mapped) return isPrivateAddress(mapped[2]!);
    const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
    if (hexMapped) {
      const hi = parseInt(hexMapped[1]!, 16);
      const lo = parseInt(hexMapped[2]!, 16);
      return isPrivateAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
    }
    return blocked.check(address, 'ipv6');
  }
  return blocked.check(address, 'ipv4');
}

export type TResolvedHost = { host: string; address: string; family: 4 | 6 };

export type TGuardFailure = 'invalid-host' | 'unresolvable' | 'private-address';

/** Thrown by `resolveGuardedHost`; callers turn it into their own Korean AppError. */
export class OutboundGuardError extends Error {
  readonly reason: TGuardFailure;
  readonly host: string;
  constructor(reason: TGuardFailure, host: string) {
    super(`outbound guard: ${reason} (${host})`);
    this.reason = reason;
    this.host = host;
  }
}

export type TGuardOptions = {
  /** Let loopback/private/link-local addresses through (an operator's choice for a private network). */
  allowPrivate: boolean;
  /** Addresses refused whatever `allowPrivate` says (e.g. the product's own database). */
  alwaysRefuse?: (resolved: TResolvedHost) => boolean;
  /** Replaceable for tests. */
  lookupAll?: (host: string) => Promise<{ address: string; family: number }[]>;
};

const defaultLookup = (host: string) => lookup(host, { all: true, verbatim: true });

/**
 * Resolves `host` once and checks every address it resolves to (one private answer among public ones is refused:
 * the connection could land on either). Returns the first address: connect to it, not to the name again.
 */
export async function resolveGuardedHost(host: string, opts: TGuardOptions): Promise<TResolvedHost> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (!bare || bare.length > 253 || /[\s/\\@?#%]/.test(bare)) throw new OutboundGuardError('invalid-host', host);
  let answers: { address: string; family: number }[];
  if (isIP(bare)) {
    answers = [{ address: bare, family: isIP(bare) }];
  } else {
    try {
      answers = await (opts.lookupAll ?? defaultLookup)(bare);
    } catch {
      throw new OutboundGuardError('unresolvable', host);
    }
  }
  if (answers.length === 0) throw new OutboundGuardError('unresolvable', host);
  const resolved = answers.map((a) => ({ host: bare, address: a.address, family: (a.family === 6 ? 6 : 4) as 4 | 6 }));
  for (const r of resolved) {
    if (opts.alwaysRefuse?.(r)) throw new OutboundGuardError('private-address', host);
    if (!opts.allowPrivate && isPrivateAddress(r.address)) throw new OutboundGuardError('private-address', host);
  }
  return resolved[0]!;
}
