import { createHmac, randomBytes } from 'node:crypto';
import type { AccessToken, User } from '../db/models.ts';
import type { EventBus } from '../events/bus.ts';

export type CachedToken = AccessToken & { user: User };

/**
 * Short-lived memory of credentials already checked, so that a client repeating them (an API client,
 * every request of a git clone or push) pays neither a query nor a password hash each time.
 *   tokens    — token digest → token and owner, for a few seconds: an authenticated request costs no query.
 *   passwords — that a password matched an account's stored hash, for half a minute: the account is still
 *               read (so its state is always current) but the slow hash is not computed again.
 * Entries are dropped at once when a token is revoked, or when its owner's account changes in any way
 * (password, deactivation, sign-in ban, two-factor settings, deletion: bus events, so every instance
 * behind Redis hears them); the short lifetime bounds staleness if an event is ever missed.
 */
export class CredentialCache {
  private tokens = new Map<string, { token: CachedToken; until: number }>();
  private passwords = new Map<string, { userId: number; until: number }>();
  /** Keys password entries; random per process and never stored, so an entry reveals nothing usable elsewhere. */
  private readonly passwordSecret = randomBytes(32);
  private stops: (() => void)[] = [];

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
    private readonly passwordTtlMs = 30_000,
  ) {}

  get(digest: string): CachedToken | undefined {
    const entry = this.tokens.get(digest);
    if (!entry) return undefined;
    if (entry.until < Date.now()) {
      this.tokens.delete(digest);
      return undefined;
    }
    return entry.token;
  }

  set(digest: string, token: CachedToken) {
    remember(this.tokens, this.maxEntries, digest, { token, until: Date.now() + this.ttlMs });
  }

  /**
   * The key of "this password matches this stored hash": an HMAC of the account, its current hash and
   * the password, never the password itself. A new password means a new hash, so an old entry cannot match.
   */
  private passwordKey(user: Pick<User, 'id' | 'passwordHash'>, password: string) {
    return createHmac('sha256', this.passwordSecret).update(`${user.id}\0${user.passwordHash}\0${password}`).digest('base64url');
  }

  /** Whether `password` was recently verified against the account's current password hash. */
  knowsPassword(user: Pick<User, 'id' | 'passwordHash'>, password: string): boolean {
    const key = this.passwordKey(user, password);
    const entry = this.passwords.get(key);
    if (!entry) return false;
    if (entry.until < Date.now()) {
      this.passwords.delete(key);
      return false;
    }
    return true;
  }

  /** Notes a successful verification (only successes: a wrong password always costs the full hash). */
  rememberPassword(user: Pick<User, 'id' | 'passwordHash'>, password: string) {
    remember(this.passwords, this.maxEntries, this.passwordKey(user, password), { userId: user.id, until: Date.now() + this.passwordTtlMs });
  }

  forgetToken(digest: string) {
    this.tokens.delete(digest);
  }

  forgetUser(userId: number) {
    for (const [digest, entry] of this.tokens) if (entry.token.userId === userId) this.tokens.delete(digest);
    for (const [key, entry] of this.passwords) if (entry.userId === userId) this.passwords.delete(key);
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
    this.tokens.clear();
    this.passwords.clear();
  }
}

/** Adds an entry, dropping the oldest when the map is full. */
function remember<V>(entries: Map<string, V>, max: number, key: string, value: V) {
  if (entries.size >= max && !entries.has(key)) entries.delete(entries.keys().next().value!);
  entries.set(key, value);
}
