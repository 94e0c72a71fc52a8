/** A subscription of the bus with the topic it listens to. */
type Source = readonly [string, AsyncIterableIterator<unknown>];

/** One event of the subscriptions merged by `interleave`, with the topic it came from. */
export type Tagged<S extends readonly Source[]> = {
  [K in keyof S]: S[K] extends readonly [infer T, AsyncIterableIterator<infer E>] ? { topic: T; event: E } : never;
}[number];

/**
 * The events of several subscriptions of the bus as they come, each tagged with its topic; ending any ends all
 * (and all are closed).
 */
export async function* interleave<const S extends readonly Source[]>(...sources: S): AsyncGenerator<Tagged<S>> {
  const next = (index: number): Promise<{ index: number; item: Tagged<S> } | null> => {
    const [topic, events] = sources[index];
    return events.next().then((r) => (r.done ? null : { index, item: { topic, event: r.value } as Tagged<S> }));
  };
  const pending = new Map(sources.map((_source, index) => [index, next(index)]));
  try {
    for (;;) {
      const got = await Promise.race(pending.values());
      if (!got) return;
      pending.set(got.index, next(got.index));
      yield got.item;
    }
  } finally {
    await Promise.all(sources.map(([, events]) => events.return?.()));
  }
}
