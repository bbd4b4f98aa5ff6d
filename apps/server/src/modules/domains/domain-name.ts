/**
 * Host names a seed may attach (issue 33): lower-case, IDN in punycode, no trailing dot, 253 characters at most,
 * labels of 1–63 `[a-z0-9-]` not starting or ending with '-', two labels or more; never an IP address (in any of the
 * forms a URL parser accepts: dotted, decimal, hex), never a name for internal use, never the suite's own host or a
 * sub-domain of it. Every refusal is a Korean DOMAIN_HOST_INVALID (400).
 */
import { isIP } from 'node:net';
import { domainToASCII, domainToUnicode } from 'node:url';
import { ko } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';

const t = ko.domains.server.host;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Names that never resolve publicly (RFC 6761, 6762, 8375 and ICANN's .internal). */
const RESERVED_SUFFIXES = ['localhost', 'local', 'internal', 'invalid', 'test', 'home.arpa', 'arpa'];

const refuse = (message: string): never => {
  throw new AppError('DOMAIN_HOST_INVALID', message);
};

const isWithin = (host: string, base: string) => host === base || host.endsWith(`.${base}`);

/** The suite's own host names: APP_URL's host and the CNAME target (customers' names cannot be them or under them). */
export type TOwnHosts = readonly string[];

/** The host as stored (`xn--…`, lower-case), or an AppError with the reason in Korean. */
export function normaliseHost(input: string, own: TOwnHosts): string {
  let raw = input.trim().toLowerCase();
  if (raw.endsWith('.')) raw = raw.slice(0, -1);
  if (raw === '') refuse(t.invalid);
  const bare = raw.replace(/^\[|\]$/g, '');
  if (isIP(bare) !== 0) refuse(t.ip);
  if (/[/:@?#\\]/.test(raw)) refuse(t.scheme);
  if (/[\s*_%]/.test(raw)) refuse(t.label);
  // A top-level domain is never all digits: such a name is an address in disguise (the URL parser reads it as IPv4).
  if (/(^|\.)\d+$/.test(raw)) refuse(t.ip);
  const ascii = domainToASCII(raw);
  if (ascii === '') refuse(t.invalid);
  // The URL parser reads `0x7f.1`, `3232235777` and `127.1` as IPv4 addresses: refuse those as IPs too.
  if (isIP(ascii) !== 0) refuse(t.ip);
  if (ascii.length > 253) refuse(t.tooLong);
  if (RESERVED_SUFFIXES.some((s) => isWithin(ascii, s))) refuse(t.reserved);
  const labels = ascii.split('.');
  if (labels.length < 2) refuse(t.twoLabels);
  if (!labels.every((l) => LABEL.test(l) && validAceLabel(l))) refuse(t.label);
  for (const o of own) {
    const base = o.trim().toLowerCase().replace(/\.$/, '');
    if (base !== '' && isWithin(ascii, base)) refuse(t.ownHost);
  }
  return ascii;
}

/**
 * A label with hyphens in its third and fourth places is reserved for IDN (RFC 5891 §4.2.3.1): it must be `xn--` and
 * decode to a name that encodes back to it. Node's URL parser does not check the punycode itself (Node 24 keeps
 * `xn--zzzzzz` as it is), so the round trip is made here.
 */
function validAceLabel(label: string): boolean {
  if (label.slice(2, 4) !== '--') return true;
  if (!label.startsWith('xn--')) return false;
  const decoded = domainToUnicode(label);
  return decoded !== '' && decoded !== label && domainToASCII(decoded) === label;
}

/** Korean second-level names under which the third label is the registrable (apex) name. */
const SECOND_LEVEL = new Set(['co.kr', 'or.kr', 'ne.kr', 're.kr', 'pe.kr', 'go.kr', 'ac.kr', 'hs.kr', 'ms.kr', 'es.kr', 'sc.kr', 'kg.kr', 'mil.kr']);
const SECOND_LEVEL_OTHER = new Set(['co.uk', 'org.uk', 'com.au', 'co.jp', 'ne.jp', 'or.jp', 'com.cn', 'com.tw', 'com.sg', 'com.hk']);

/**
 * Whether the host is a registrable name (example.com, example.co.kr): such a name cannot hold a CNAME next to its
 * other records, so an A record is offered instead when CUSTOM_DOMAIN_IP is set. A short list, not the public-suffix
 * list: a miss only means the CNAME is offered, which the check accepts as well.
 */
export function isApex(host: string): boolean {
  const labels = host.split('.');
  if (labels.length === 2) return true;
  const suffix = labels.slice(-2).join('.');
  return labels.length === 3 && (SECOND_LEVEL.has(suffix) || SECOND_LEVEL_OTHER.has(suffix));
}
