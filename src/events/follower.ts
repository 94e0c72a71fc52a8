/**
 * Background work that follows the bus for as long as the app runs (mergeability checks, auto-merge, push
 * references): pieces of work run one after the other, so that a later event's work never runs under an earlier
 * one's, and a failure is reported while the next piece goes on.
 */
export interface Follower {
  /** Resolves once every piece of work asked for so far is done, including work that work asked for. */
  idle(): Promise<void>;
  /** Stops following; resolves once the work in hand is done. */
  stop(): Promise<void>;
}

export interface SerialWork {
  /** Aborted on stop: the subscriptions of the follower end with it. */
  readonly signal: AbortSignal;
  /** Queues work after everything queued before it; its failure is reported as `what`. */
  enqueue(what: string, work: () => Promise<unknown>): void;
  /** Calls `onEvent` for each event until the follower stops. */
  follow<T>(events: AsyncIterable<T>, onEvent: (event: T) => void): void;
  readonly follower: Follower;
}

export function serialWork(report: (message: string, err: unknown) => void): SerialWork {
  const abort = new AbortController();
  let chain: Promise<void> = Promise.resolve();
  const loops: Promise<void>[] = [];
  const follower: Follower = {
    async idle() {
      let seen: Promise<void>;
      do {
        seen = chain;
        await seen;
      } while (seen !== chain);
    },
    async stop() {
      abort.abort();
      await Promise.all(loops);
      await follower.idle();
    },
  };
  return {
    signal: abort.signal,
    enqueue(what, work) {
      chain = chain.then(async () => void (await work())).catch((err) => report(what, err));
    },
    follow(events, onEvent) {
      loops.push(
        (async () => {
          for await (const event of events) onEvent(event);
        })(),
      );
    },
    follower,
  };
}
