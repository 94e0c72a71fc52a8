import { requireSiteAdmin } from '../../auth/viewer.ts';
import type { User } from '../../db/models.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { forbidden, invalid, notFound } from '../../errors.ts';
import type { ServiceContext } from '../../services.ts';
import { isOrganizationOwner } from '../access/access.service.ts';
import { findUserByLogin } from './user.service.ts';
import { checkUsername } from './user.rules.ts';
import { getOrganization } from '../org/org.service.ts';

/**
 * Renames an account, as Gitea's RenameUser: the new login must be valid, not reserved and held by no other
 * account (422); a change of case only is allowed. The old login becomes a redirect to the account, so its
 * profile, its repositories (API and git remotes) and its organization paths keep answering there; a redirect
 * already at the new login (another account's old name) is dropped, the new holder wins. One transaction: no
 * request sees the new login without the redirect. Repositories are kept on disk by id, so nothing moves there.
 */
async function renameAccount(ctx: ServiceContext, account: User, newLogin: string): Promise<User> {
  if (newLogin === account.login) return account;
  const newLower = newLogin.toLowerCase();
  if (newLower !== account.lowerLogin) {
    checkUsername(newLogin);
    if (await findUserByLogin(ctx, newLogin)) throw invalid(`user "${newLogin}" already exists`);
  }
  try {
    const renamed = await ctx.db.$transaction(async (tx) => {
      await tx.userRedirect.deleteMany({ where: { lowerLogin: newLower } });
      if (newLower !== account.lowerLogin) {
        await tx.userRedirect.upsert({
          where: { lowerLogin: account.lowerLogin },
          create: { lowerLogin: account.lowerLogin, userId: account.id },
          update: { userId: account.id },
        });
      }
      return tx.user.update({ where: { id: account.id }, data: { login: newLogin, lowerLogin: newLower } });
    });
    await ctx.events.publish('user.updated', { userId: account.id });
    return renamed;
  } catch (err) {
    // Another request took the login between the check and the write.
    if (isUniqueViolation(err)) throw invalid(`user "${newLogin}" already exists`);
    throw err;
  }
}

/** A site administrator renames a person (an organization is a 422, as in Gitea). */
export async function adminRenameUser(ctx: ServiceContext, login: string, newLogin: string): Promise<User> {
  requireSiteAdmin(ctx.viewer);
  const user = await findUserByLogin(ctx, login);
  if (!user) throw notFound(`user "${login}" does not exist`);
  if (user.type !== 'user') throw invalid(`${user.login} is an organization, not a user`);
  return renameAccount(ctx, user, newLogin);
}

/** An owner of an organization (or a site administrator) renames it; 404 when the viewer cannot see it. */
export async function renameOrganization(ctx: ServiceContext, login: string, newLogin: string): Promise<User> {
  const org = await getOrganization(ctx, login);
  if (!(await isOrganizationOwner(ctx, org))) throw forbidden(`you must be an owner of ${org.login}`);
  return renameAccount(ctx, org, newLogin);
}
