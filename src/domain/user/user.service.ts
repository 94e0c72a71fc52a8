import { hashPassword, verifyPassword } from '../../auth/password.ts';
import type { PasswordCache } from '../../auth/password-cache.ts';
import { newTotpSecret, totpUri, verifyTotp } from '../../auth/totp.ts';
import { isPublicOnly, isSiteAdmin, requireSiteAdmin, requireUser, type Viewer } from '../../auth/viewer.ts';
import type { Prisma, User } from '../../db/models.ts';
import { badRequest, forbidden, invalid, notFound, unauthenticated } from '../../errors.ts';
import { pageFrom, type Page, type PageWindow } from '../../pagination.ts';
import { cachedMany, cachedRead } from '../../cache/cache.ts';
import type { ServiceContext } from '../../services.ts';
import { checkEmail, checkPassword, checkSettings, checkUsername, checkVisibility, isValidAccountEmail, type EmailPreference } from './user.rules.ts';
import type { CreateUserInput, ProfileInput, UpdateUserInput } from './user.inputs.ts';
import { checkMaxLength, isHttpUrl } from '../formats.ts';
import { removeRepository } from '../../git/repo.ts';
import { accountHiddenByPublicOnlyToken, accountVisible, canSeeAccount, visibleAccountsWhere } from '../access/access.service.ts';
import { repositoryPath, wikiRepositoryPath } from '../repo/storage.ts';
import { forgetAccount, forgetRepositories } from '../social/social.counters.ts';
import { emailHolder } from '../email/email.service.ts';
import { forgetAccountAvatar } from './avatar.service.ts';

/** Whether a person's account is visible (organizations: canSeeAccount, which knows memberships). */
export function canSeeUser(viewer: Viewer, user: User): boolean {
  return accountVisible(viewer, user, false);
}

/**
 * The e-mail address of an account as `viewer` may see it (Gitea's toUser): the account itself and site admins
 * see it; other signed-in accounts see it unless the account hides it; anyone else sees the no-reply address.
 */
export function shownEmail(viewer: Viewer, user: User, rootUrl: string): string {
  if (viewer.user && !viewer.forThirdParties && (viewer.user.id === user.id || isSiteAdmin(viewer) || !user.keepEmailPrivate)) return user.email;
  return `${user.lowerLogin}@noreply.${new URL(rootUrl).hostname}`;
}

/** A page of accounts by login, for every list of people or organizations. */
export function accountsPage(
  ctx: Pick<ServiceContext, 'db'>,
  where: Prisma.UserWhereInput,
  window: PageWindow,
  orderBy: Prisma.UserOrderByWithRelationInput[] = [{ lowerLogin: 'asc' }],
): Promise<Page<User>> {
  return pageFrom(ctx.db.user.findMany({ where, orderBy, skip: window.offset, take: window.limit }), ctx.db.user.count({ where }));
}

const ACCOUNT_SORTS: Record<string, 'lowerLogin' | 'createdAt'> = { alpha: 'lowerLogin', created: 'createdAt' };

/**
 * The order of a list of accounts by `sort` (alpha: by login, created: by age) and `order` (asc or desc), as the
 * explore pages sort; `fallback` when no sort is asked for. Ties go by id, so pages do not overlap.
 */
export function accountOrder(sort: string | null | undefined, order: string | null | undefined, fallback: Prisma.UserOrderByWithRelationInput): Prisma.UserOrderByWithRelationInput[] {
  if (sort && !ACCOUNT_SORTS[sort]) throw invalid(`sort must be one of ${Object.keys(ACCOUNT_SORTS).join(', ')}`);
  if (order && order !== 'asc' && order !== 'desc') throw invalid('order must be asc or desc');
  return [sort ? { [ACCOUNT_SORTS[sort]]: order ?? 'asc' } : fallback, { id: 'asc' }];
}

/** Accounts by id through the cache of accounts: one statement for those it does not hold, none when it holds all. */
export function accountsById(ctx: Pick<ServiceContext, 'db' | 'cache'>, ids: Iterable<number>): Promise<Map<number, User>> {
  return cachedMany<User>(ctx, 'accountById', ids, (missing) => ctx.db.user.findMany({ where: { id: { in: missing } } }));
}

/** The account (person or organization) with this login, whatever its visibility; kept in the request's cache. */
export async function findUserByLogin(ctx: Pick<ServiceContext, 'db' | 'cache'>, login: string): Promise<User | null> {
  const lowerLogin = login.toLowerCase();
  return cachedRead(ctx, 'accountByLogin', lowerLogin, () => ctx.db.user.findUnique({ where: { lowerLogin } }));
}

/**
 * The account with this login, or the renamed account an old login of it leads to: for account paths
 * (`/users/{old}`, `/orgs/{old}`, repositories under an old owner name). An account holding the login wins
 * over a redirect, as in Gitea. Kept in the request's cache.
 */
export async function findAccountByPathName(ctx: Pick<ServiceContext, 'db' | 'cache'>, login: string): Promise<User | null> {
  return (await findUserByLogin(ctx, login)) ?? (await findRenamedAccount(ctx, login));
}

/** The account an old login leads to, when no account holds that login now. */
export async function findRenamedAccount(ctx: Pick<ServiceContext, 'db' | 'cache'>, login: string): Promise<User | null> {
  const lowerLogin = login.toLowerCase();
  const found = await cachedRead(ctx, 'accountByOldLogin', lowerLogin, async () => ({
    user: (await ctx.db.userRedirect.findUnique({ where: { lowerLogin }, include: { user: true } }))?.user ?? null,
  }));
  return found.user;
}

/** A user the viewer may see (an old login of a renamed one leads to it), or a 404 that does not reveal whether a hidden one exists. */
export async function getVisibleUser(ctx: ServiceContext, login: string): Promise<User> {
  const user = await findAccountByPathName(ctx, login);
  if (!user) throw notFound(`user "${login}" does not exist`);
  if (!(await canSeeAccount(ctx, user))) {
    if (await accountHiddenByPublicOnlyToken(ctx, user)) throw forbidden(`token scope is limited to public ${user.type === 'organization' ? 'orgs' : 'users'}`);
    throw notFound(`user "${login}" does not exist`);
  }
  return user;
}

export async function searchUsers(
  ctx: ServiceContext,
  filter: { query?: string | null; id?: number | null; sort?: string | null; order?: string | null },
  window: PageWindow,
): Promise<Page<User>> {
  const orderBy = accountOrder(filter.sort, filter.order, { id: 'asc' });
  const q = filter.query?.trim().toLowerCase();
  const where: Prisma.UserWhereInput = {
    AND: [
      visibleAccountsWhere(ctx.viewer),
      { type: 'user' },
      filter.id ? { id: filter.id } : {},
      q
        ? {
            OR: [
              { lowerLogin: { contains: q } },
              { fullName: { contains: filter.query!.trim() } },
              // E-mail addresses are private: site admins find accounts by any address, others only themselves.
              ...(isSiteAdmin(ctx.viewer)
                ? [{ lowerEmail: { contains: q } }, { emailAddresses: { some: { lowerEmail: { contains: q } } } }]
                : ctx.viewer.user
                  ? [{ id: ctx.viewer.user.id, OR: [{ lowerEmail: { contains: q } }, { emailAddresses: { some: { lowerEmail: { contains: q } } } }] }]
                  : []),
            ],
          }
        : {},
    ],
  };
  return pageFrom(ctx.db.user.findMany({ where, orderBy, skip: window.offset, take: window.limit }), ctx.db.user.count({ where }));
}

export interface AdminUserFilter {
  query?: string | null;
  sourceId?: number | null;
  loginName?: string | null;
  visibility?: string | null;
  isActive?: boolean | null;
  isAdmin?: boolean | null;
  isRestricted?: boolean | null;
  isTwoFactorEnabled?: boolean | null;
  isProhibitLogin?: boolean | null;
  /** name (default), created, updated or id */
  sort?: string | null;
  /** asc (default) or desc; only with sort */
  order?: string | null;
}

const ADMIN_SORT: Record<string, keyof Prisma.UserOrderByWithRelationInput> = {
  name: 'lowerLogin',
  created: 'createdAt',
  updated: 'updatedAt',
  id: 'id',
};

/** Every account, for site admins, with Gitea's admin filters. */
export async function adminSearchUsers(ctx: ServiceContext, filter: AdminUserFilter, window: PageWindow): Promise<Page<User>> {
  requireSiteAdmin(ctx.viewer);
  if (filter.sort && !ADMIN_SORT[filter.sort]) throw invalid(`sort must be one of ${Object.keys(ADMIN_SORT).join(', ')}`);
  if (filter.order && !['asc', 'desc'].includes(filter.order)) throw invalid('order must be asc or desc');
  if (filter.visibility) checkVisibility(filter.visibility);
  const q = filter.query?.trim();
  const where: Prisma.UserWhereInput = {
    type: 'user',
    ...(filter.sourceId != null ? { loginSource: filter.sourceId } : {}),
    ...(filter.loginName ? { loginName: filter.loginName } : {}),
    ...(filter.visibility ? { visibility: filter.visibility } : {}),
    ...(filter.isActive != null ? { isActive: filter.isActive } : {}),
    ...(filter.isAdmin != null ? { isAdmin: filter.isAdmin } : {}),
    ...(filter.isRestricted != null ? { restricted: filter.isRestricted } : {}),
    ...(filter.isProhibitLogin != null ? { prohibitLogin: filter.isProhibitLogin } : {}),
    ...(filter.isTwoFactorEnabled != null ? { totpSecret: filter.isTwoFactorEnabled ? { not: null } : null } : {}),
    ...(q
      ? { OR: [{ lowerLogin: { contains: q.toLowerCase() } }, { fullName: { contains: q } }, { lowerEmail: { contains: q.toLowerCase() } }] }
      : {}),
  };
  const direction = filter.sort && filter.order === 'desc' ? 'desc' : 'asc';
  const orderBy = [{ [ADMIN_SORT[filter.sort ?? 'name']]: direction }, { id: 'asc' as const }];
  return pageFrom(ctx.db.user.findMany({ where, orderBy, skip: window.offset, take: window.limit }), ctx.db.user.count({ where }));
}

/**
 * Creates an account. `system` bypasses the admin check for first-start set-up and the CLI.
 * A password is required unless the account belongs to an external login source. Without a visibility
 * it gets service.DEFAULT_USER_VISIBILITY, however it is created (as in Gitea).
 */
export async function createUser(ctx: ServiceContext, input: CreateUserInput, options: { system?: boolean } = {}): Promise<User> {
  if (!options.system) requireSiteAdmin(ctx.viewer);
  checkUsername(input.login);
  checkEmail(input.email);
  checkMaxLength(input.fullName, 100, 'full_name');
  const external = (input.sourceId ?? 0) > 0;
  if (!external && !input.password) throw badRequest('password is required for accounts that sign in with Graft');
  if (input.password) checkPassword(input.password);
  const visibility = checkVisibility(input.visibility || ctx.config.service.DEFAULT_USER_VISIBILITY);
  const clash = await findClash(ctx, input.login, input.email);
  if (clash) throw invalid(clash);
  const passwordHash = input.password ? await hashPassword(input.password, ctx.config.security.PASSWORD_HASH_COST) : null;
  // A renamed account's old login is taken for good: its redirect goes in the same transaction, as in Gitea.
  const user = await ctx.db.$transaction(async (tx) => {
    await tx.userRedirect.deleteMany({ where: { lowerLogin: input.login.toLowerCase() } });
    return tx.user.create({
      data: {
        login: input.login,
        lowerLogin: input.login.toLowerCase(),
        email: input.email,
        lowerEmail: input.email.toLowerCase(),
        passwordHash,
        fullName: input.fullName ?? '',
        loginName: input.loginName ?? '',
        loginSource: input.sourceId ?? 0,
        mustChangePassword: input.mustChangePassword ?? false,
        restricted: input.restricted ?? false,
        visibility,
        isAdmin: input.isAdmin ?? false,
        ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      },
    });
  });
  await ctx.events.publish('user.created', { userId: user.id });
  return user;
}

/**
 * Why a login or e-mail address is taken by another account, or null when both are free. An address is taken
 * when another account holds it, as its primary address or a further one.
 */
async function findClash(ctx: ServiceContext, login: string, email: string | undefined, exceptId?: number): Promise<string | null> {
  const [clash, holder] = await Promise.all([
    ctx.db.user.findFirst({ where: { id: exceptId ? { not: exceptId } : undefined, lowerLogin: login.toLowerCase() }, select: { id: true } }),
    email ? emailHolder(ctx.db, email, exceptId) : null,
  ]);
  if (clash) return `user "${login}" already exists`;
  return holder !== null ? `e-mail address "${email}" is already used` : null;
}

/** Admin edit of an account. The last site admin cannot lose admin rights. */
export async function updateUser(ctx: ServiceContext, login: string, input: UpdateUserInput): Promise<User> {
  requireSiteAdmin(ctx.viewer);
  const user = await findUserByLogin(ctx, login);
  if (!user || user.type !== 'user') throw notFound(`user "${login}" does not exist`);
  // Gitea answers a bad or taken address here with 400, not the 422 of account creation.
  if (input.email != null) {
    if (!isValidAccountEmail(input.email)) throw badRequest(`e-mail address "${input.email}" is invalid`);
    const clash = await findClash(ctx, user.login, input.email, user.id);
    if (clash) throw badRequest(clash);
  }
  if (input.password != null && input.password !== '') checkPassword(input.password);
  checkProfile(input);
  const data: Prisma.UserUpdateInput = {};
  const copy = ['fullName', 'loginName', 'mustChangePassword', 'restricted', 'isActive', 'prohibitLogin', 'description', 'website', 'location', 'maxRepoCreation', 'allowGitHook', 'allowImportLocal', 'allowCreateOrganization'] as const;
  for (const key of copy) if (input[key] != null) (data as Record<string, unknown>)[key] = input[key];
  if (input.sourceId != null) data.loginSource = input.sourceId;
  if (input.email != null) Object.assign(data, { email: input.email, lowerEmail: input.email.toLowerCase() });
  if (input.visibility != null) data.visibility = checkVisibility(input.visibility);
  if (input.password) data.passwordHash = await hashPassword(input.password, ctx.config.security.PASSWORD_HASH_COST);
  if (input.isAdmin != null) data.isAdmin = input.isAdmin;

  const updated = await ctx.db.$transaction(async (tx) => {
    // Gitea answers 400 to demoting the last admin. (It cannot be deleted: only another admin deletes an account.)
    if (user.isAdmin && input.isAdmin === false) await ensureAnotherAdmin(tx, user.id);
    // A new password ends the account's web sessions: whoever signed in with the old one is signed out.
    if (data.passwordHash) await tx.webSession.deleteMany({ where: { userId: user.id } });
    // A further address of the account that becomes its primary one is no longer a further one.
    if (input.email != null) await tx.emailAddress.deleteMany({ where: { userId: user.id, lowerEmail: input.email.toLowerCase() } });
    return tx.user.update({ where: { id: user.id }, data });
  });
  if (data.passwordHash) await ctx.events.publish('session.ended', { userId: user.id });
  await ctx.events.publish('user.updated', { userId: user.id });
  return updated;
}

/** The limits of the profile fields, the same for the admin edit and a person's own. */
function checkProfile(input: Pick<ProfileInput, 'fullName' | 'location' | 'description' | 'website'>): void {
  checkMaxLength(input.fullName, 100, 'full_name');
  checkMaxLength(input.location, 50, 'location');
  checkMaxLength(input.description, 255, 'description');
  checkMaxLength(input.website, 255, 'website');
  if (input.website && !isHttpUrl(input.website)) throw invalid('website must be an http or https URL');
}

/** The viewer changes their own profile and settings; fields left out stay. */
export async function updateViewerProfile(ctx: ServiceContext, input: ProfileInput): Promise<User> {
  const user = requireUser(ctx.viewer);
  checkProfile(input);
  checkSettings(input);
  const data: Prisma.UserUpdateInput = {};
  for (const key of ['fullName', 'website', 'location', 'description', 'language', 'theme', 'diffViewStyle'] as const) if (input[key] != null) data[key] = input[key];
  if (input.hideEmail != null) data.keepEmailPrivate = input.hideEmail;
  if (input.hideActivity != null) data.keepActivityPrivate = input.hideActivity;
  if (input.visibility != null) data.visibility = checkVisibility(input.visibility);
  const updated = await ctx.db.user.update({ where: { id: user.id }, data });
  await ctx.events.publish('user.updated', { userId: user.id });
  return updated;
}

/**
 * The viewer changes their password, proving the old one. Every web session of the account ends with it,
 * the one asking too, so whoever knew the old password is signed out.
 */
export async function changePassword(ctx: ServiceContext, oldPassword: string, newPassword: string): Promise<void> {
  const user = requireUser(ctx.viewer);
  if (ctx.viewer.method !== 'password') throw unauthenticated('changing the password needs password authentication');
  const current = await ctx.db.user.findUnique({ where: { id: user.id } });
  if (!current?.passwordHash || !(await verifyPassword(oldPassword, current.passwordHash))) throw invalid('the current password is not right');
  checkPassword(newPassword);
  const passwordHash = await hashPassword(newPassword, ctx.config.security.PASSWORD_HASH_COST);
  await ctx.db.$transaction(async (tx) => {
    await tx.webSession.deleteMany({ where: { userId: user.id } });
    await tx.user.update({ where: { id: user.id }, data: { passwordHash, mustChangePassword: false } });
  });
  await ctx.events.publish('session.ended', { userId: user.id });
  await ctx.events.publish('user.updated', { userId: user.id });
}

/**
 * Deletes an account. One that still owns repositories is refused unless `purge` is set; then its
 * repositories go with it, rows in the same transaction and their git directories right after.
 */
export async function deleteUser(ctx: ServiceContext, login: string, options: { purge?: boolean } = {}): Promise<void> {
  const admin = requireSiteAdmin(ctx.viewer);
  const user = await findUserByLogin(ctx, login);
  if (!user) throw notFound(`user "${login}" does not exist`);
  // As Gitea: 422 for an organization, for oneself, and (without purge) for an owner of repositories or a member of organizations.
  if (user.type !== 'user') throw invalid(`${user.login} is an organization, not a user`);
  if (user.id === admin.id) throw invalid('you cannot delete yourself');
  const owned = await ctx.db.repository.findMany({ where: { ownerId: user.id }, select: { id: true } });
  if (owned.length > 0 && !options.purge) {
    throw invalid(`user "${login}" still owns ${owned.length} repositories: delete or transfer them first, or purge`);
  }
  if (!options.purge && (await ctx.db.orgMember.count({ where: { userId: user.id } })) > 0) {
    throw invalid(`user "${login}" is still a member of organizations: remove them first, or purge`);
  }
  await ctx.db.$transaction(async (tx) => {
    await forgetRepositories(tx, owned.map((r) => r.id));
    await forgetAccount(tx, user.id);
    await tx.repository.deleteMany({ where: { ownerId: user.id } });
    await tx.user.delete({ where: { id: user.id } });
  });
  for (const repo of owned) {
    await removeRepository(repositoryPath(ctx.config, repo.id));
    await removeRepository(wikiRepositoryPath(ctx.config, repo.id));
  }
  await forgetAccountAvatar(ctx, user);
  await ctx.events.publish('user.deleted', { userId: user.id });
}

async function ensureAnotherAdmin(tx: { user: ServiceContext['db']['user'] }, userId: number) {
  const others = await tx.user.count({ where: { isAdmin: true, type: 'user', id: { not: userId } } });
  if (others === 0) throw badRequest('the last site administrator cannot be removed');
}

/**
 * Password sign-in for basic auth. Returns null for a wrong login or password. The account is read through
 * the app's cache (git sends the password with every request of a clone, fetch or push); with a password
 * cache, a password recently verified against the account's current hash skips the slow hash.
 */
export async function checkCredentials(ctx: Pick<ServiceContext, 'db' | 'cache'>, login: string, password: string, cache?: PasswordCache): Promise<User | null> {
  const signIn = login.toLowerCase();
  const user = await cachedRead(ctx, 'accountBySignIn', signIn, () =>
    ctx.db.user.findFirst({ where: { OR: [{ lowerLogin: signIn }, { lowerEmail: signIn }], type: 'user' } }),
  );
  if (!user?.passwordHash) return null;
  if (cache?.knowsPassword(user, password)) return user;
  if (!(await verifyPassword(password, user.passwordHash))) return null;
  cache?.rememberPassword(user, password);
  return user;
}

/** Sets which issue and pull request e-mails the viewer gets (src/domain/mail). */
export async function setEmailNotificationsPreference(ctx: ServiceContext, preference: EmailPreference): Promise<User> {
  const user = requireUser(ctx.viewer);
  const updated = await ctx.db.user.update({ where: { id: user.id }, data: { emailNotificationsPreference: preference } });
  await ctx.events.publish('user.updated', { userId: user.id });
  return updated;
}

/** Starts two-factor authentication for the viewer; the secret is shown once, for the authenticator app. */
export async function enableTwoFactor(ctx: ServiceContext): Promise<{ secret: string; uri: string }> {
  const user = requireUser(ctx.viewer);
  if (ctx.viewer.method !== 'password') throw unauthenticated('two-factor settings need password authentication');
  if (user.totpSecret) throw invalid('two-factor authentication is already enabled');
  const secret = newTotpSecret();
  await ctx.db.user.update({ where: { id: user.id }, data: { totpSecret: secret } });
  await ctx.events.publish('user.updated', { userId: user.id });
  return { secret, uri: totpUri(secret, user.login) };
}

export async function disableTwoFactor(ctx: ServiceContext, passcode: string): Promise<void> {
  const user = requireUser(ctx.viewer);
  if (ctx.viewer.method !== 'password') throw unauthenticated('two-factor settings need password authentication');
  if (!user.totpSecret) throw invalid('two-factor authentication is not enabled');
  if (!verifyTotp(user.totpSecret, passcode)) throw invalid('the passcode is not valid');
  await ctx.db.user.update({ where: { id: user.id }, data: { totpSecret: null } });
  await ctx.events.publish('user.updated', { userId: user.id });
}
