import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { refreshTokens } from '@/lib/api';
import { tokenStorage } from '@/lib/token-storage';

/**
 * Live updates: reads /bookings/stream (server-sent events) with fetch so the access token travels in the
 * Authorization header, never in the URL. Every event refreshes the seed's booking queries; the connection is
 * re-opened after a failure (with a refreshed token after a 401).
 */
export function useBookingStream(seedId: string | undefined): 'live' | 'offline' {
  const qc = useQueryClient();
  const [status, setStatus] = useState<'live' | 'offline'>('offline');
  useEffect(() => {
    if (!seedId) return;
    const ac = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      try {
        const token = tokenStorage.getAccess();
        const res = await fetch(`/api/seeds/${seedId}/bookings/stream`, {
          headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          signal: ac.signal,
        });
        if (res.status === 401) await refreshTokens();
        if (!res.ok || !res.body) throw new Error(String(res.status));
        setStatus('live');
        // Whatever happened while disconnected is fetched again.
        void qc.invalidateQueries({ queryKey: ['rooms', seedId] });
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
            if (block.includes('event: booking')) void qc.invalidateQueries({ queryKey: ['rooms', seedId] });
            cut = buffer.indexOf('\n\n');
          }
        }
        throw new Error('closed');
      } catch {
        if (ac.signal.aborted) return;
        setStatus('offline');
        retry = setTimeout(() => void connect(), 2_000);
      }
    };
    void connect();
    return () => {
      ac.abort();
      if (retry) clearTimeout(retry);
    };
  }, [seedId, qc]);
  return status;
}
