/** One event of two subscriptions merged by `interleave`, with the topic it came from. */
export type Tagged<A extends string, EA, B extends string, EB> = { topic: A; event: EA } | { topic: B; event: EB };

/**
 * The events of two subscriptions of the bus as they come, each tagged with its topic; ending either ends both
 * (and both are closed).
 */
export async function* interleave<A extends string, EA, B extends string, EB>(
  first: [A, AsyncIterableIterator<EA>],
  second: [B, AsyncIterableIterator<EB>],
): AsyncGenerator<Tagged<A, EA, B, EB>> {
  type Item = Tagged<A, EA, B, EB>;
  const [a, as] = first;
  const [b, bs] = second;
  const next = (topic: A | B): Promise<Item | null> =>
    topic === a
      ? as.next().then((r) => (r.done ? null : ({ topic: a, event: r.value } as Item)))
      : bs.next().then((r) => (r.done ? null : ({ topic: b, event: r.value } as Item)));
  const pending = new Map<A | B, Promise<Item | null>>([
    [a, next(a)],
    [b, next(b)],
  ]);
  try {
    for (;;) {
      const item = await Promise.race(pending.values());
      if (!item) return;
      pending.set(item.topic, next(item.topic));
      yield item;
    }
  } finally {
    await Promise.all([as.return?.(), bs.return?.()]);
  }
}
