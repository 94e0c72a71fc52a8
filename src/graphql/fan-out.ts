import type { ExecutionResult, GraphQLError } from 'graphql';
import type { Viewer } from '../auth/viewer.ts';

/** Where one subscriber's events go: its connection's socket, the id its client gave the subscription, its access. */
export interface FanOutTarget {
  /** The connection's websocket (ws's WebSocket: readyState 1 is open; a string is sent as a text frame). */
  socket: { readonly readyState: number; send(data: string): void };
  id: string;
  /** Aborted when the connection's credentials stop working: nothing more is written to it. */
  access: AbortSignal;
}

type Source = AsyncIterable<ExecutionResult>;
type Started = Source | ExecutionResult;

const OPEN = 1;

/**
 * The key of the subscribers who may share one execution: the same operation with the same variables, for the
 * same viewer as far as authorisation reads it (account, token and its scopes, sudo, the admin and restricted
 * flags). Anything narrower would let one subscriber receive what was decided for another.
 */
export function fanOutKey(viewer: Viewer, query: string, operationName: string | null | undefined, variables: unknown): string {
  const who = [viewer.method, viewer.user?.id ?? null, viewer.tokenId ?? null, viewer.sudoBy?.id ?? null, !!viewer.user?.isAdmin, !!viewer.user?.restricted, viewer.grant];
  return JSON.stringify([who, operationName ?? null, variables ?? null, query]);
}

/** The payload of a graphql-ws `next` message as graphql-ws writes it: the result, its errors as JSON. */
function payloadText(result: ExecutionResult): string {
  const { errors, ...rest } = result;
  return JSON.stringify(errors ? { ...rest, errors: errors.map((e: GraphQLError) => e.toJSON()) } : rest);
}

/**
 * One subscriber of a group. To graphql-ws it is the subscription's iterator, which yields nothing: the group writes
 * each event to the socket itself. It ends (graphql-ws then sends `complete`) when the group's source ends, fails
 * with the source's error, and leaves the group when graphql-ws returns it (the client completed or closed).
 */
class Member implements AsyncIterableIterator<never> {
  /** The message up to its payload, made once: `{"id":<id>,"type":"next","payload":`. */
  private readonly head: string;
  private waiting?: { resolve(r: IteratorResult<never>): void; reject(e: unknown): void };
  private end?: { error: unknown } | 'done';

  constructor(
    private readonly target: FanOutTarget,
    private readonly group: Group,
  ) {
    this.head = `{"id":${JSON.stringify(target.id)},"type":"next","payload":`;
  }

  deliver(payload: string) {
    const { socket, access } = this.target;
    if (this.end || access.aborted || socket.readyState !== OPEN) return;
    try {
      socket.send(this.head + payload + '}');
    } catch {
      // A socket that fails a write is closing: its close ends this subscription; the group's others go on.
    }
  }

  finish(end: { error: unknown } | 'done') {
    if (this.end) return;
    this.end = end;
    const waiting = this.waiting;
    this.waiting = undefined;
    if (!waiting) return;
    if (end === 'done') waiting.resolve({ value: undefined, done: true });
    else waiting.reject(end.error);
  }

  [Symbol.asyncIterator]() {
    return this;
  }

  next(): Promise<IteratorResult<never>> {
    const end = this.end;
    if (end === 'done') return Promise.resolve({ value: undefined, done: true });
    if (end) return Promise.reject(end.error);
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  async return(): Promise<IteratorResult<never>> {
    this.group.leave(this);
    this.finish('done');
    return { value: undefined, done: true };
  }
}

/** The subscribers of one key and the one source they share; closes its source when the last leaves. */
class Group {
  readonly members = new Set<Member>();
  open = true;
  private readonly iterator: AsyncIterator<ExecutionResult>;

  constructor(
    source: Source,
    private readonly closed: () => void,
    private readonly executed: () => void,
  ) {
    this.iterator = source[Symbol.asyncIterator]();
    void this.pump();
  }

  join(target: FanOutTarget): Member {
    const member = new Member(target, this);
    this.members.add(member);
    return member;
  }

  leave(member: Member) {
    if (!this.members.delete(member) || this.members.size > 0 || !this.open) return;
    this.close();
    // Not awaited: a source waiting for its next event finishes when that comes, and no one is left to receive it.
    void Promise.resolve(this.iterator.return?.()).catch(() => {});
  }

  private close() {
    this.open = false;
    this.closed();
  }

  private async pump() {
    let end: { error: unknown } | 'done' = 'done';
    try {
      while (this.open) {
        const next = await this.iterator.next();
        if (next.done) break;
        if (this.members.size === 0) continue;
        this.executed();
        const payload = payloadText(next.value);
        for (const member of this.members) member.deliver(payload);
      }
    } catch (error) {
      end = { error };
    }
    if (this.open) this.close();
    for (const member of this.members) member.finish(end);
    this.members.clear();
  }
}

/**
 * Subscriptions over graphql-ws, delivered once per group of subscribers who share a key (fanOutKey): the first
 * subscriber of a key starts the operation (graphql-js subscribes and executes the selection for each event), and
 * every event's result is serialised once and written, with each subscriber's own id, to each subscriber's socket.
 * Per subscriber an event costs one string and one socket write instead of an execution, its authorisation (the
 * same for all of the key) and graphql-ws's serialisation of the message. A subscriber whose connection loses
 * access (FanOutTarget.access) receives nothing more; graphql-ws ends its subscription as before.
 */
export class FanOut {
  private readonly groups = new Map<string, Promise<Group | null>>();

  private readonly groupsNow = new Set<Group>();
  /** Results serialised and delivered so far, one per event and group (for tests). */
  executions = 0;

  /** The groups open now: how many subscribers each has (for tests). */
  sizes(): number[] {
    return [...this.groupsNow].map((g) => g.members.size);
  }

  /**
   * The subscription of `target` for `key`: a member of the key's group, or what `start` gave when that is not a
   * stream (the errors of a subscription refused at once), which nobody shares.
   */
  async subscribe(key: string, target: FanOutTarget, start: () => Promise<Started> | Started): Promise<AsyncIterableIterator<never> | ExecutionResult> {
    for (let existing = this.groups.get(key); existing; existing = this.groups.get(key)) {
      const group = await existing;
      if (group?.open) return group.join(target);
      // The group ended or was never made: the first to see it starts the key again, the others wait for that.
      if (this.groups.get(key) === existing) this.groups.delete(key);
    }
    let made!: (group: Group | null) => void;
    const entry = new Promise<Group | null>((resolve) => (made = resolve));
    this.groups.set(key, entry);
    const forget = () => {
      if (this.groups.get(key) === entry) this.groups.delete(key);
    };
    let started: Started;
    try {
      started = await start();
    } catch (error) {
      forget();
      made(null);
      throw error;
    }
    if (!isAsyncIterable(started)) {
      forget();
      made(null);
      return started;
    }
    const group: Group = new Group(
      started,
      () => {
        forget();
        this.groupsNow.delete(group);
      },
      () => this.executions++,
    );
    this.groupsNow.add(group);
    made(group);
    return group.join(target);
  }
}

function isAsyncIterable(value: unknown): value is Source {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
