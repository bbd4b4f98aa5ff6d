/**
 * The oldest key of a Map used as a bounded first-in-first-out store, in O(1) amortised.
 *
 * `map.keys().next()` looks simple but is not cheap under churn: V8 leaves a hole where an entry was deleted until the
 * table is rebuilt, and a fresh iterator walks over every hole at the front — measured on this machine
 * (bench/log-and-evict.mjs), 2 µs an eviction at 2,000 entries and 12 µs at 10,000, on every store once the bound is
 * reached (decision 076). A live iterator kept between evictions walks over each hole once. Use it only where every key it returns is then deleted
 * (an eviction loop): new keys are appended after it, and a key it passed has been deleted.
 */
export function oldestFirst<K>(map: Map<K, unknown>) {
  let it: Iterator<K> | undefined;
  return (): K | undefined => {
    for (let pass = 0; pass < 2; pass++) {
      it ??= map.keys();
      const next = it.next();
      if (!next.done) return next.value;
      it = undefined;
    }
    return undefined;
  };
}
