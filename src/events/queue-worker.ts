/**
 * The loop of a worker that sends the rows of a queue table (webhook deliveries, mails): woken when rows are
 * written, it runs rounds (claim the due rows, send them) until a round claims none, then sleeps until the
 * time its queue names (a planned retry, another instance's claim to look at again), or until woken.
 */
export interface QueueWorker {
  /** Looks for due rows now (new rows were written). */
  wake(): void;
  /** Resolves once no round is running. */
  idle(): Promise<void>;
  /** Stops after the round in hand; a second stop has nothing to do (an app may be stopped twice). */
  stop(): Promise<void>;
}

export interface QueueRounds {
  /** Claims and sends due rows; answers how many it claimed. `stopped()` turns true when the worker stops. */
  round(stopped: () => boolean): Promise<number>;
  /** Milliseconds until the next look, or null to sleep until woken (nothing pending). */
  nextLookIn(): Promise<number | null>;
  /** Releases what the sending holds (connections), after the last round. */
  close(): Promise<void> | void;
  /** What a failed round is reported as. */
  what: string;
}

export function startQueueWorker(rounds: QueueRounds, report: (message: string, err: unknown) => void): QueueWorker {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const isStopped = () => stopped;

  async function pass(): Promise<void> {
    do {
      again = false;
      if ((await rounds.round(isStopped)) > 0 && !stopped) again = true;
    } while (again && !stopped);
    if (stopped) return;
    const wait = await rounds.nextLookIn();
    clearTimeout(timer);
    if (wait !== null) timer = setTimeout(wake, wait);
  }

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((err) => report(rounds.what, err))
      .finally(() => {
        running = null;
        if (again) wake();
      });
  }

  wake();
  return {
    wake,
    async idle() {
      while (running) await running;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      while (running) await running;
      await rounds.close();
    },
  };
}
