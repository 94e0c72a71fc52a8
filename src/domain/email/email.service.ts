import { requireSiteAdmin, requireUser } from '../../auth/viewer.ts';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/models.ts';
import { invalid, notFound } from '../../errors.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { ServiceContext } from '../../services.ts';
import { isValidAccountEmail } from '../user/user.rules.ts';

/**
 * An e-mail address of an account, as Gitea lists them: the primary one (User.email) and the further ones
 * (EmailAddress rows).
 */
export interface EmailView {
  email: string;
  primary: boolean;
  verified: boolean;
  userId: number;
  login: string;
}

/**
 * The primary address counts as verified while the account is activated, as Gitea records it; further addresses
 * are verified when added (Gitea's default, without REGISTER_EMAIL_CONFIRM).
 */
const primaryOf = (user: User): EmailView => ({ email: user.email, primary: true, verified: user.isActive, userId: user.id, login: user.login });

/** An account's addresses, the primary one first, then the others in the order they were added (the caller checked who may read them). */
export async function emailsOf(ctx: Pick<ServiceContext, 'db'>, user: User): Promise<EmailView[]> {
  const rows = await ctx.db.emailAddress.findMany({ where: { userId: user.id }, orderBy: { id: 'asc' } });
  return [primaryOf(user), ...rows.map((r) => ({ email: r.email, primary: false, verified: r.verified, userId: user.id, login: user.login }))];
}

/**
 * Which account holds this address, as its primary address or a further one, besides `exceptUserId`; null when
 * none does. Every address belongs to one account at most.
 */
export async function emailHolder(db: Pick<Db, 'user' | 'emailAddress'>, email: string, exceptUserId?: number): Promise<number | null> {
  const lowerEmail = email.toLowerCase();
  const [primary, further] = await Promise.all([
    db.user.findFirst({ where: { lowerEmail, ...(exceptUserId ? { id: { not: exceptUserId } } : {}) }, select: { id: true } }),
    db.emailAddress.findFirst({ where: { lowerEmail, ...(exceptUserId ? { userId: { not: exceptUserId } } : {}) }, select: { userId: true } }),
  ]);
  return primary?.id ?? further?.userId ?? null;
}

/**
 * Adds addresses to the viewer's account, all or none: each must be a valid address (Gitea's rule) that no
 * account holds yet, the viewer's own included (422 otherwise, as Gitea answers). Returns every address of the account.
 */
export async function addViewerEmails(ctx: ServiceContext, emails: string[]): Promise<EmailView[]> {
  const user = requireUser(ctx.viewer);
  if (emails.length === 0) throw invalid('the list of e-mail addresses is empty');
  for (const email of emails) if (!isValidAccountEmail(email)) throw invalid(`e-mail address "${email}" is invalid`);
  await ctx.db
    .$transaction(async (tx) => {
      const seen = new Set<string>();
      for (const email of emails) {
        const lower = email.toLowerCase();
        if (seen.has(lower) || (await emailHolder(tx, email)) !== null) throw invalid(`e-mail address "${email}" is already used`);
        seen.add(lower);
        await tx.emailAddress.create({ data: { userId: user.id, email, lowerEmail: lower } });
      }
    })
    .catch((err: unknown) => {
      // Another request took one of the addresses between the check and the insert: the same 422 as the check's.
      throw isUniqueViolation(err) ? invalid('an e-mail address of the list is already used') : err;
    });
  await ctx.events.publish('user.updated', { userId: user.id });
  return emailsOf(ctx, user);
}

/**
 * Removes addresses from the viewer's account, all or none: an address the account does not hold is a 404 (as
 * Gitea answers), the primary address cannot be removed (422).
 */
export async function deleteViewerEmails(ctx: ServiceContext, emails: string[]): Promise<void> {
  const user = requireUser(ctx.viewer);
  if (emails.length === 0) return;
  await ctx.db.$transaction(async (tx) => {
    for (const email of emails) {
      const lowerEmail = email.toLowerCase();
      if (lowerEmail === user.lowerEmail) throw invalid(`e-mail address "${email}" is the primary address and cannot be deleted`);
      const { count } = await tx.emailAddress.deleteMany({ where: { userId: user.id, lowerEmail } });
      if (count === 0) throw notFound(`e-mail address "${email}" does not exist`);
    }
  });
  await ctx.events.publish('user.updated', { userId: user.id });
}

interface EmailRow {
  userId: number | bigint;
  login: string;
  email: string;
  isPrimary: number | bigint | boolean;
  verified: number | bigint | boolean;
}

/**
 * Every address of every person, for site admins (Gitea's SearchEmails): primary and further ones, matched by
 * `query` in the address, the login or the full name, ordered by address (the primary one first on a tie).
 * A page and its count are two statements whatever its size.
 */
export async function adminEmails(ctx: ServiceContext, query: string | null | undefined, window: PageWindow): Promise<Page<EmailView>> {
  requireSiteAdmin(ctx.viewer);
  const q = query?.trim().toLowerCase() ?? '';
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // One union of both kinds of address, so that paging and counting stay in SQL.
  const [rows, counted] = await Promise.all([
    ctx.db.$queryRaw<EmailRow[]>`
      SELECT a."userId", a."login", a."email", a."isPrimary", a."verified" FROM (
        SELECT u."id" AS "userId", u."login" AS "login", u."lowerLogin" AS "lowerLogin", u."fullName" AS "fullName",
               u."email" AS "email", u."lowerEmail" AS "lowerEmail", 1 AS "isPrimary",
               CASE WHEN u."isActive" THEN 1 ELSE 0 END AS "verified", 0 AS "id"
          FROM "User" u WHERE u."type" = 'user'
        UNION ALL
        SELECT u."id", u."login", u."lowerLogin", u."fullName", e."email", e."lowerEmail", 0,
               CASE WHEN e."verified" THEN 1 ELSE 0 END, e."id"
          FROM "EmailAddress" e JOIN "User" u ON u."id" = e."userId"
      ) a
      WHERE ${q} = '' OR a."lowerEmail" LIKE ${like} ESCAPE '\\' OR a."lowerLogin" LIKE ${like} ESCAPE '\\'
         OR lower(a."fullName") LIKE ${like} ESCAPE '\\'
      ORDER BY a."lowerEmail" ASC, a."isPrimary" DESC, a."id" ASC
      LIMIT ${window.limit} OFFSET ${window.offset}`,
    ctx.db.$queryRaw<{ count: number | bigint }[]>`
      SELECT COUNT(*) AS "count" FROM (
        SELECT u."lowerLogin" AS "lowerLogin", u."fullName" AS "fullName", u."lowerEmail" AS "lowerEmail"
          FROM "User" u WHERE u."type" = 'user'
        UNION ALL
        SELECT u."lowerLogin", u."fullName", e."lowerEmail" FROM "EmailAddress" e JOIN "User" u ON u."id" = e."userId"
      ) a
      WHERE ${q} = '' OR a."lowerEmail" LIKE ${like} ESCAPE '\\' OR a."lowerLogin" LIKE ${like} ESCAPE '\\'
         OR lower(a."fullName") LIKE ${like} ESCAPE '\\'`,
  ]);
  return {
    items: rows.map((r) => ({ email: r.email, login: r.login, userId: Number(r.userId), primary: Number(r.isPrimary) === 1, verified: Number(r.verified) === 1 })),
    totalCount: Number(counted[0]?.count ?? 0),
  };
}
