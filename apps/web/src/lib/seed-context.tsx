import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TSeed, ZSeedListResponse } from '@suite/shared';
import { api } from '@/lib/api';
import { useSession } from '@/lib/session';

/** A workspace (seed) the signed-in user belongs to, as GET /api/seeds lists it. */
export type TSeedItem = TSeed;

/** The selected seed, kept locally as id, name and creation time (spec: Seed). */
type TSelected = { id: string; seed_name: string; created_at: string };
const KEY = 'selected-seed';

type TSeedContext = {
  seeds: TSeedItem[];
  isLoading: boolean;
  error: Error | null;
  selected: TSeedItem | null;
  select: (seed: TSeedItem | null) => void;
  reload: () => Promise<void>;
};

const SeedContext = createContext<TSeedContext | null>(null);

function readSelected(): TSelected | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as TSelected) : null;
  } catch {
    return null;
  }
}

export const seedsQueryKey = ['seeds'] as const;

/** Makes a seed the selected one before the console opens (e.g. right after accepting an invitation to it). */
export function rememberSelectedSeed(seed: TSelected): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ id: seed.id, seed_name: seed.seed_name, created_at: seed.created_at }));
  } catch {
    // storage unavailable: the console asks which seed
  }
}

export function SeedProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const qc = useQueryClient();
  // Loading is skipped without a user id (spec section 6).
  const query = useQuery({
    queryKey: [...seedsQueryKey, user?.id],
    enabled: Boolean(user?.id),
    queryFn: async () => {
      return (await api<z.infer<typeof ZSeedListResponse>>('/api/seeds')).data;
    },
  });
  const [stored, setStored] = useState<TSelected | null>(readSelected);
  const seeds = useMemo(() => query.data ?? [], [query.data]);

  const select = useCallback((seed: TSeedItem | null) => {
    const value = seed ? { id: seed.id, seed_name: seed.seed_name, created_at: seed.created_at } : null;
    try {
      if (value) localStorage.setItem(KEY, JSON.stringify(value));
      else localStorage.removeItem(KEY);
    } catch {
      // storage unavailable: selection lasts for this page
    }
    setStored(value);
  }, []);

  // A selection no longer listed is cleared; with nothing selected and exactly one seed, that one is selected.
  const selected = useMemo(() => {
    const found = seeds.find((s) => s.id === stored?.id);
    if (found || !query.isSuccess) return found ?? null;
    return seeds.length === 1 ? seeds[0]! : null;
  }, [seeds, stored, query.isSuccess]);

  // Keep the stored selection in step with what is shown (storage only; no state change here).
  useEffect(() => {
    if (!query.isSuccess) return;
    try {
      if (selected) localStorage.setItem(KEY, JSON.stringify({ id: selected.id, seed_name: selected.seed_name, created_at: selected.created_at }));
      else localStorage.removeItem(KEY);
    } catch {
      // storage unavailable
    }
  }, [selected, query.isSuccess]);

  const value = useMemo<TSeedContext>(
    () => ({
      seeds,
      isLoading: query.isLoading,
      error: query.error,
      selected,
      select,
      reload: () => qc.invalidateQueries({ queryKey: seedsQueryKey }),
    }),
    [seeds, query.isLoading, query.error, selected, select, qc],
  );
  return <SeedContext.Provider value={value}>{children}</SeedContext.Provider>;
}

export function useSeeds(): TSeedContext {
  const ctx = useContext(SeedContext);
  if (!ctx) throw new Error('useSeeds는 SeedProvider 안에서만 사용할 수 있습니다.');
  return ctx;
}
