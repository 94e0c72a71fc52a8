import { randomBytes } from 'node:crypto';
import { checkCanSignIn } from '../../auth/viewer.ts';
import type { PasswordCache } from '../../auth/password-cache.ts';
import { tokenDigest } from '../../auth/token-secret.ts';
import { verifyTotp } from '../../auth/totp.ts';
import type { Db } from '../../db/client.ts';
import type { User, WebSession } from '../../db/models.ts';
import { badRequest, unauthenticated } from '../../errors.ts';
import type { ServiceContext } from '../../services.ts';
import { checkCredentials } from '../user/user.service.ts';

/** How long a session lasts: a day for a browser's session, a month when the person asked to stay signed in. */
export const SESSION_LIFETIME_MS = { browser: 24 * 3600_000, remembered: 31 * 24 * 3600_000 } as const;

export interface SignInInput {
  login: string;
  password: string;
  /** The two-factor passcode, for accounts that have it on. */
  passcode?: string | null;
  remember?: boolean | null;
}

export type SignInResult =
  | { kind: 'signed-in'; user: User; session: WebSession; secret: string }
  /** The password was right; the account asks for its passcode, which did not come. */
  | { kind: 'passcode-required' };

/**
 * Signs a person in with their password (and passcode): a new session row, whose secret goes in the cookie.
 * Wrong credentials and a wrong passcode answer the same UNAUTHENTICATED, so a guess learns nothing more.
 */
export async function signIn(ctx: Pick<ServiceContext, 'db' | 'cache'>, input: SignInInput, passwordCache?: PasswordCache): Promise<SignInResult> {
  if (!input.login.trim() || !input.password) throw badRequest('user name and password are required');
  const user = await checkCredentials(ctx, input.login.trim(), input.password, passwordCache);
  if (!user) throw unauthenticated('wrong user name or password');
  checkCanSignIn(user);
  if (user.totpSecret) {
    if (!input.passcode) return { kind: 'passcode-required' };
    if (!verifyTotp(user.totpSecret, input.passcode.trim())) throw unauthenticated('the two-factor passcode is not valid or has expired');
  }
  const remember = !!input.remember;
  const secret = randomBytes(32).toString('base64url');
  const session = await ctx.db.webSession.create({
    data: {
      userId: user.id,
      secretHash: tokenDigest(secret),
      csrfToken: randomBytes(24).toString('base64url'),
      remember,
      expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS[remember ? 'remembered' : 'browser']),
    },
  });
  return { kind: 'signed-in', user, session, secret };
}

/** The live session a cookie's secret names, with its account; null when unknown or expired. */
export async function findSession(db: Db, secret: string): Promise<(WebSession & { user: User }) | null> {
  const session = await db.webSession.findUnique({ where: { secretHash: tokenDigest(secret) }, include: { user: true } });
  if (!session || session.expiresAt.getTime() <= Date.now()) return null;
  return session;
}

/** Signing out ends the session everywhere: the row goes, so no instance accepts its cookie again. */
export async function signOut(db: Db, sessionId: number): Promise<void> {
  await db.webSession.deleteMany({ where: { id: sessionId } });
}
