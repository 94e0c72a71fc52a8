import type { AccessToken, User } from '../db/models.ts';
import type { EventBus } from '../events/bus.ts';

export type CachedToken = AccessToken & { user: User };

/**
 * token digest → token and owner, for a few seconds: an authenticated request then costs no query.
 * Entries are dropped at once when the token is revoked or its owner changes (bus events, so every
 * instance behind Redis hears them); the short lifetime bounds staleness if an event is ever missed.
 */
export class CredentialCache {
  private entries = new Map<string, { token: CachedToken; until: number }>();
  private stops: (() => void)[] = [];

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  get(digest: string): CachedToken | undefined {
    const entry = this.entries.get(digest);
    if (!entry) return undefined;
    if (entry.until < Date.now()) {
      this.entries.delete(digest);
      return undefined;
    }
    return entry.token;
  }

  set(digest: string, token: CachedToken) {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(digest, { token, until: Date.now() + this.ttlMs });
  }

  forgetToken(digest: string) {
    this.entries.delete(digest);
  }

  forgetUser(userId: number) {
    for (const [digest, entry] of this.entries) if (entry.token.userId === userId) this.entries.delete(digest);
  }

  /** Listens on the bus for the events that make entries stale. */
  listen(events: EventBus) {
    const follow = async (topic: string, onEvent: (payload: { userId?: number; tokenHash?: string }) => void) => {
      const abort = new AbortController();
      this.stops.push(() => abort.abort());
      for await (const payload of events.subscribe<{ userId?: number; tokenHash?: string }>(topic, abort.signal)) onEvent(payload);
    };
    void follow('user.updated', (e) => e.userId !== undefined && this.forgetUser(e.userId));
    void follow('user.deleted', (e) => e.userId !== undefined && this.forgetUser(e.userId));
    void follow('token.revoked', (e) => e.tokenHash && this.forgetToken(e.tokenHash));
    return this;
  }

  close() {
    for (const stop of this.stops.splice(0)) stop();
    this.entries.clear();
  }
}
