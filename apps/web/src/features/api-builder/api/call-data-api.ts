/**
 * The try-it call: the published data API with an API key (not the console session), so it goes through fetch
 * directly and reports status, headers, timing and body as they came.
 */
export type TTryResult = { status: number; ms: number; headers: [string, string][]; body: string; url: string };

export async function callDataApi(url: string, key: string, init: { method: string; body?: string; prefer?: string }): Promise<TTryResult> {
  const headers: Record<string, string> = { apikey: key, authorization: `Bearer ${key}` };
  if (init.body) headers['content-type'] = 'application/json';
  if (init.prefer) headers.prefer = init.prefer;
  const started = performance.now();
  const res = await fetch(url, { method: init.method, headers, ...(init.body ? { body: init.body } : {}) });
  const body = await res.text();
  return { status: res.status, ms: Math.round(performance.now() - started), headers: [...res.headers.entries()], body, url };
}
