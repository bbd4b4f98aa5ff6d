import type { TCreateConnectionInput } from '@suite/shared/schemas/api-builder';

/** The connection fields a connection string gives (the name is the database's; the user checks it). */
export type TParsedConnection = Pick<TCreateConnectionInput, 'engine' | 'host' | 'port' | 'database' | 'user' | 'password' | 'tls'>;

const ENGINES: Record<string, TParsedConnection['engine']> = { postgres: 'postgres', postgresql: 'postgres', mysql: 'mysql', mariadb: 'mysql' };
const TLS_ON = new Set(['require', 'required', 'verify-ca', 'verify-full', 'verify_ca', 'verify_identity', 'true', '1']);

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * Reads `postgres://user:pass@host:5432/db?sslmode=require` or `mysql://user:pass@host:3306/db?ssl-mode=REQUIRED`
 * in the browser (the string never leaves it and is never logged). Null when it is not such a string.
 */
export function parseConnectionString(input: string): TParsedConnection | null {
  const text = input.trim();
  const scheme = /^([a-z]+):\/\//i.exec(text)?.[1]?.toLowerCase();
  const engine = scheme ? ENGINES[scheme] : undefined;
  if (!engine) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) return null;
  const q = url.searchParams;
  const mode = (q.get('sslmode') ?? q.get('ssl-mode') ?? q.get('ssl') ?? '').toLowerCase();
  return {
    engine,
    host,
    port: url.port ? Number(url.port) : engine === 'mysql' ? 3306 : 5432,
    database: decode(url.pathname.replace(/^\//, '')),
    user: decode(url.username),
    password: decode(url.password),
    tls: TLS_ON.has(mode),
  };
}
