import path from 'node:path';

/**
 * Writes to one ref, in this process, one after the other. The API's writes to a branch (file changes,
 * patches, merge-upstream, branch deletes and renames) take their turn here for the short part that reads
 * the ref, moves it by compare-and-swap and records the move, so on one instance they never lose the
 * compare-and-swap to each other, and the database learns of the moves in the order git made them.
 * Writers git runs itself (pushes) and other instances are not queued: the compare-and-swap and the
 * callers' bounded retries cover them.
 */
const queues = new Map<string, { last: Promise<unknown>; length: number }>();

const keyOf = (gitDir: string, ref: string) => `${path.resolve(gitDir)}\0${ref}`;

/** Runs `work` once every earlier piece of work queued on the same ref of the same repository has ended. */
export function queuedOnRef<T>(gitDir: string, ref: string, work: () => Promise<T>): Promise<T> {
  const key = keyOf(gitDir, ref);
  const queue = queues.get(key) ?? { last: Promise.resolve(), length: 0 };
  const run = queue.last.catch(() => {}).then(work);
  queue.last = run;
  queue.length++;
  queues.set(key, queue);
  // The last in line removes the entry, so the map holds only refs being written.
  void run
    .finally(() => {
      queue.length--;
      if (queue.length === 0 && queues.get(key) === queue) queues.delete(key);
    })
    .catch(() => {});
  return run;
}

/** How many pieces of work are queued on a ref, the one running included. */
export const queuedOnRefCount = (gitDir: string, ref: string): number => queues.get(keyOf(gitDir, ref))?.length ?? 0;
