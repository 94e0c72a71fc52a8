import type { Viewer } from '../../auth/viewer.ts';
import type { ServiceContext } from '../../services.ts';
import { permissionsOfViewers, type RepositoryPermission } from '../access/access.service.ts';
import { findRepositoryById, type RepositoryWithOwner } from './repo.service.ts';

/**
 * What every subscriber of one event of a repository shares, made by the first one to take it: the repository as it
 * is now, the permissions of all subscribers read together (permissionsOfViewers), and what else the event names
 * (`once`: its status, issue or pull request, read without a viewer's check). Each delivery is still authorised for
 * its subscriber, with facts read after the event, so one who lost access gets nothing; the statements an event
 * costs no longer grow with its subscribers. Keyed by the event's payload, the one object the bus hands every
 * listener, so it goes with the event.
 */
export interface EventReads {
  repo: Promise<RepositoryWithOwner | null>;
  permission: Promise<((viewer: Viewer) => Promise<RepositoryPermission>) | null>;
  /** The read of `key` for this event, made once. */
  once<T>(key: string, read: () => Promise<T>): Promise<T>;
}

const sharedReads = new WeakMap<object, EventReads>();

export function eventReads(ctx: ServiceContext, event: object, repoId: number): EventReads {
  let reads = sharedReads.get(event);
  if (!reads) {
    const repo = findRepositoryById(ctx, repoId);
    const made = new Map<string, Promise<unknown>>();
    reads = {
      repo,
      permission: repo.then((r) => (r ? permissionsOfViewers(ctx, r) : null)),
      once<T>(key: string, read: () => Promise<T>) {
        let value = made.get(key) as Promise<T> | undefined;
        if (!value) made.set(key, (value = read()));
        return value;
      },
    };
    sharedReads.set(event, reads);
  }
  return reads;
}
