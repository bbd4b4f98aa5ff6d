import { useEffect, useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError, apiRaw } from '@/lib/api';

/**
 * Live updates from a server-sent-events endpoint, read with fetch through apiRaw so the access token travels in the
 * Authorization header (never in the URL) and a 401 refreshes it. Every event named `event` invalidates `queryKey`;
 * so does each (re)connection, for whatever happened while disconnected. After a failure it reconnects in 2 s, or in
 * 30 s when the server refuses another stream (429: too many open for this user). The server ends a stream when its
 * session ends.
 * `path` undefined: not connected.
 */
export function useEventStream(path: string | undefined, event: string, queryKey: QueryKey): 'live' | 'offline' {
  const qc = useQueryClient();
  const [status, setStatus] = useState<'live' | 'offline'>('offline');
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (!path) return;
    const ac = new AbortController();
    const invalidate = () => void qc.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      try {
        const res = await apiRaw(path, { headers: { accept: 'text/event-stream' }, signal: ac.signal });
        if (!res.body) throw new Error('no body');
        setStatus('live');
        invalidate();
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (block.split('\n').some((line) => line === `event: ${event}`)) invalidate();
            cut = buffer.indexOf('\n\n');
          }
        }
        throw new Error('closed');
      } catch (e) {
        if (ac.signal.aborted) return;
        setStatus('offline');
        retry = setTimeout(() => void connect(), e instanceof ApiError && e.status === 429 ? 30_000 : 2_000);
      }
    };
    void connect();
    return () => {
      ac.abort();
      if (retry) clearTimeout(retry);
    };
  }, [path, event, key, qc]);
  return status;
}
