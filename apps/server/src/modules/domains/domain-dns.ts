/**
 * What DNS says about a domain's records (issue 33): one lookup per record through `node:dns`'s Resolver, pointed at
 * DNS_SERVERS when set (tests: a DNS server on loopback), 3 s timeout, 2 tries. A name that does not exist or has no
 * such record is "missing" (false); a resolver that times out or fails is "unknown" (null), so a check never turns a
 * connected domain into an error because of the resolver's trouble.
 */
import { promises as dns } from 'node:dns';
import type { TDomainRecord } from '@suite/shared/schemas/domains';
import { OWNERSHIP_VALUE } from './domain-records.ts';

/** true: seen; false: missing; null: the resolver could not tell. */
export type TFound = boolean | null;

export type TLookups = {
  txt: (name: string) => Promise<string[] | null>;
  cname: (name: string) => Promise<string[] | null>;
  a: (name: string) => Promise<string[] | null>;
};

const ABSENT = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN', 'ENONAME']);

async function orNull<T>(p: Promise<T[]>): Promise<T[] | null> {
  try {
    return await p;
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && ABSENT.has(code)) return [];
    return null;
  }
}

export function createLookups(servers: readonly string[]): TLookups {
  const resolver = new dns.Resolver({ timeout: 3_000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return {
    // A TXT record longer than 255 bytes arrives in chunks (a DKIM key always does): join them.
    txt: async (name) => (await orNull(resolver.resolveTxt(name)))?.map((chunks) => chunks.join('')) ?? null,
    cname: (name) => orNull(resolver.resolveCname(name)),
    a: (name) => orNull(resolver.resolve4(name)),
  };
}

const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');
const squash = (v: string) => v.replace(/\s+/g, '');

/** The DKIM public key (`p=`) of a TXT value, without spaces. */
function dkimKeyOf(value: string): string | undefined {
  const tag = value
    .split(';')
    .map((s) => s.trim())
    .find((s) => s.toLowerCase().startsWith('p='));
  return tag === undefined ? undefined : squash(tag.slice(2));
}

/** Whether DNS shows one record as asked (`target` is the CNAME target: an A record of the host may match it, too). */
export async function findRecord(look: TLookups, record: TDomainRecord, opts: { target: string }): Promise<TFound> {
  if (record.type === 'CNAME') {
    const cnames = await look.cname(record.name);
    if (cnames?.some((c) => bare(c) === bare(record.value))) return true;
    // A flattened CNAME (ALIAS/ANAME at the apex) answers with the target's addresses.
    const [mine, theirs] = await Promise.all([look.a(record.name), look.a(opts.target)]);
    if (mine && theirs && mine.length > 0 && mine.some((ip) => theirs.includes(ip))) return true;
    return cnames === null ? null : false;
  }
  if (record.type === 'A') {
    const [addresses, cnames] = await Promise.all([look.a(record.name), look.cname(record.name)]);
    if (addresses?.includes(record.value)) return true;
    if (cnames?.some((c) => bare(c) === bare(opts.target))) return true;
    return addresses === null ? null : false;
  }
  const values = await look.txt(record.name);
  if (values === null) return null;
  switch (record.role) {
    case 'ownership':
      return values.some((v) => v.trim() === record.value && v.startsWith(OWNERSHIP_VALUE));
    case 'dkim': {
      const want = dkimKeyOf(record.value);
      return values.some((v) => /v=DKIM1/i.test(v) && dkimKeyOf(v) === want);
    }
    case 'spf': {
      // Found when the name's SPF record authorises every mechanism we asked for (it may list more).
      const asked = record.value.split(/\s+/).filter((m) => /^(a|ip4):/.test(m));
      return values.some((v) => v.startsWith('v=spf1') && asked.every((m) => v.split(/\s+/).includes(m)));
    }
    case 'dmarc':
      return values.some((v) => /^v=DMARC1\s*(;|$)/i.test(v.trim()));
    default:
      return values.includes(record.value);
  }
}
