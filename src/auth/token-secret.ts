import { createHash, randomBytes } from 'node:crypto';

/** A new token secret: 40 hex characters, the shape Gitea clients expect. */
export function newTokenSecret(): string {
  return randomBytes(20).toString('hex');
}

/**
 * Tokens are 160 random bits, so a fast digest is enough to make a stolen table useless
 * while keeping each authenticated request to one indexed lookup.
 */
export function tokenDigest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function looksLikeToken(value: string): boolean {
  return /^[0-9a-f]{40}$/.test(value);
}
