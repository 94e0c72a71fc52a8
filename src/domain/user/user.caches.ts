import { defineCaches, type CachesOf } from '../../cache/cache.ts';

/** Accounts, kept between requests (src/cache/cache.ts). */
export const USER_CACHES = defineCaches('user', {
  /** lower-cased login → account */
  accountByLogin: { tables: ['User'] },
  /** lower-cased login no account has any more → the renamed account it leads to, or none (kept wrapped) */
  accountByOldLogin: { tables: ['User', 'UserRedirect'] },
  /** id → account */
  accountById: { tables: ['User'] },
  /** lower-cased login or e-mail address given to sign in with a password → the person's account */
  accountBySignIn: { tables: ['User'] },
  /** lower-cased e-mail address → person (commit authors and committers), or none (kept wrapped) */
  accountByEmail: { tables: ['User'] },
});

declare module '../../cache/cache.ts' {
  interface CacheRegistry extends CachesOf<typeof USER_CACHES> {}
}
