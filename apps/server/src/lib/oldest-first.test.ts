/** oldestFirst (decision 076): a live iterator gives the oldest key of a Map in insertion order, under any churn. */
import { describe, expect, it } from 'vitest';
import { oldestFirst } from './oldest-first.ts';

/** A small seeded generator, so a failure is reproducible. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('oldestFirst', () => {
  it('returns undefined for an empty map, and the first key once one is set', () => {
    const map = new Map<string, number>();
    const oldest = oldestFirst(map);
    expect(oldest()).toBeUndefined();
    expect(oldest()).toBeUndefined();
    map.set('a', 1);
    expect(oldest()).toBe('a');
    map.delete('a');
    expect(oldest()).toBeUndefined();
    map.set('b', 2);
    map.set('c', 3);
    expect(oldest()).toBe('b');
  });

  it.each([1, 2, 3, 42, 2026])('evicts exactly the oldest remaining key under random churn (seed %i)', (seed) => {
    const random = rng(seed);
    const map = new Map<number, number>();
    const model: number[] = []; // keys, oldest first
    const oldest = oldestFirst(map);
    let next = 0;
    let evictions = 0;
    const bound = 50;
    for (let step = 0; step < 20_000; step++) {
      const r = random();
      if (r < 0.45) {
        // A new key, evicting the oldest first when over the bound (the cache's loop).
        while (map.size >= bound) {
          const k = oldest();
          expect(k).toBe(model[0]);
          map.delete(k!);
          model.shift();
          evictions++;
        }
        map.set(next, next);
        model.push(next);
        next++;
      } else if (r < 0.65 && model.length) {
        // Deletes a random key (an expired entry, a forgotten one).
        const i = Math.floor(random() * model.length);
        map.delete(model[i]!);
        model.splice(i, 1);
      } else if (r < 0.8 && model.length) {
        // Re-sets an existing key after deleting it: it becomes the newest.
        const i = Math.floor(random() * model.length);
        const k = model[i]!;
        map.delete(k);
        model.splice(i, 1);
        map.set(k, -k);
        model.push(k);
      } else if (r < 0.85 && model.length) {
        // Sets an existing key without deleting it: its place does not change.
        const k = model[Math.floor(random() * model.length)]!;
        map.set(k, k + 1);
      } else if (model.length) {
        // A single eviction outside the bound loop.
        const k = oldest();
        expect(k).toBe(model[0]);
        map.delete(k!);
        model.shift();
        evictions++;
      } else {
        expect(oldest()).toBeUndefined();
      }
      expect(map.size).toBe(model.length);
    }
    expect(evictions).toBeGreaterThan(1_000);
    // Drains in order.
    while (model.length) {
      const k = oldest();
      expect(k).toBe(model.shift());
      map.delete(k!);
    }
    expect(oldest()).toBeUndefined();
  });

  it('evicts a key re-set after it was returned and deleted in its new place (last)', () => {
    const map = new Map<string, number>([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    const oldest = oldestFirst(map);
    expect(oldest()).toBe('a');
    map.delete('a');
    map.set('a', 4);
    expect(oldest()).toBe('b');
    map.delete('b');
    expect(oldest()).toBe('c');
    map.delete('c');
    expect(oldest()).toBe('a');
    map.delete('a');
    expect(oldest()).toBeUndefined();
  });

  it('works after map.clear(), with the iterator in the middle of the map or at its end', () => {
    const map = new Map<number, number>();
    const oldest = oldestFirst(map);
    for (let i = 0; i < 10; i++) map.set(i, i);
    expect(oldest()).toBe(0);
    map.delete(0);
    map.clear();
    expect(oldest()).toBeUndefined();
    for (let i = 100; i < 110; i++) map.set(i, i);
    expect(oldest()).toBe(100);
    map.delete(100);
    expect(oldest()).toBe(101);
    map.delete(101);
    // Cleared while the iterator is live mid-map, then refilled before the next call.
    map.clear();
    for (let i = 200; i < 205; i++) map.set(i, i);
    for (let i = 200; i < 205; i++) {
      expect(oldest()).toBe(i);
      map.delete(i);
    }
    expect(oldest()).toBeUndefined();
    // Cleared after the iterator ran off the end.
    map.set(300, 0);
    map.clear();
    map.set(301, 0);
    expect(oldest()).toBe(301);
  });

  it('keeps up with random churn across repeated clears', () => {
    const random = rng(7);
    const map = new Map<number, number>();
    const oldest = oldestFirst(map);
    let model: number[] = [];
    let next = 0;
    for (let step = 0; step < 5_000; step++) {
      const r = random();
      if (r < 0.01) {
        map.clear();
        model = [];
      } else if (r < 0.6) {
        map.set(next, 0);
        model.push(next++);
      } else if (r < 0.75 && model.length) {
        const i = Math.floor(random() * model.length);
        map.delete(model[i]!);
        model.splice(i, 1);
      } else {
        const k = oldest();
        expect(k).toBe(model[0]);
        if (k !== undefined) {
          map.delete(k);
          model.shift();
        }
      }
    }
  });
});
