/** A subscription of the bus with the topic it listens to. */
type Source = readonly [string, AsyncIterableIterator<unknown>];

/** One event of the subscriptions merged by `interleave`, with the topic it came from. */
export type Tagged<S extends readonly Source[]> = {
  [K in keyof S]: S[K] extends readonly [infer T, AsyncIterableIterator<infer E>] ? { topic: T; event: E } : never;
}[number];

/**
 * The events of several subscriptions of the bus as they come, each tagged with its topic; ending any ends all
 * (and all are closed), after the events it had already taken. Each source is read by a loop of its own into one
 * queue. Not Promise.race over the sources' pending reads: a topic that stays quiet keeps its read pending, and
 * every race attaches another reaction to it that lives as long as it does, so a long subscription grew by one
 * for every event of the other topics (test/events/interleave.test.ts).
 */
export async function* interleave<const S extends readonly Source[]>(...sources: S): AsyncGenerator<Tagged<S>> {
  const queue: Tagged<S>[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  let failure: { error: unknown } | undefined;
  const read = async ([topic, events]: Source) => {
    try {
      for (let r = await events.next(); !r.done && !ended; r = await events.next()) {
        queue.push({ topic, event: r.value } as Tagged<S>);
        wake?.();
      }
    } catch (error) {
      failure ??= { error };
    }
    ended = true;
    wake?.();
  };
  for (const source of sources) void read(source);
  try {
    for (;;) {
      while (queue.length === 0 && !ended) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      const item = queue.shift();
      if (item) yield item;
      else if (failure) throw failure.error;
      else return;
    }
  } finally {
    ended = true;
    await Promise.all(sources.map(([, events]) => events.return?.()));
  }
}
