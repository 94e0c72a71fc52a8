import { createHmac, randomBytes } from 'node:crypto';
import type { User } from '../db/models.ts';
import type { EventBus } from '../events/bus.ts';

/**
 * That a password matched an account's stored hash, for half a minute, so a client repeating it (every
 * request of a git clone or push) pays the slow hash once. The account is still read on every request, so its
 * state is always current; the key holds the account's current hash, so a new password cannot match an old
 * entry. Entries are also dropped when the account changes (bus events, heard by every instance behind Redis).
 */
export class PasswordCache {
  private passwords = new Map<string, { userId: number; until: number }>();
  /** Keys entries; random per process and never stored, so an entry reveals nothing usable elsewhere. */
  private readonly secret = randomBytes(32);
  private stops: (() => void)[] = [];

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** An HMAC of the account, its current hash and the password: never the password itself. */
  private keyOf(user: Pick<User, 'id' | 'passwordHash'>, password: string) {
    return createHmac('sha256', this.secret).update(`${user.id}\0${user.passwordHash}\0${password}`).digest('base64url');
  }

  /** Whether `password` was recently verified against the account's current password hash. */
  knowsPassword(user: Pick<User, 'id' | 'passwordHash'>, password: string): boolean {
    const key = this.keyOf(user, password);
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
    const key = this.keyOf(user, password);
    if (this.passwords.size >= this.maxEntries && !this.passwords.has(key)) this.passwords.delete(this.passwords.keys().next().value!);
    this.passwords.set(key, { userId: user.id, until: Date.now() + this.ttlMs });
  }

  forgetUser(userId: number) {
    for (const [key, entry] of this.passwords) if (entry.userId === userId) this.passwords.delete(key);
  }

  /** Listens on the bus for account changes. */
  listen(events: EventBus) {
    const follow = async (topic: 'user.updated' | 'user.deleted') => {
      const abort = new AbortController();
      this.stops.push(() => abort.abort());
      for await (const e of events.subscribe(topic, abort.signal)) this.forgetUser(e.userId);
    };
    void follow('user.updated');
    void follow('user.deleted');
    return this;
  }

  close() {
    for (const stop of this.stops.splice(0)) stop();
    this.passwords.clear();
  }
}
