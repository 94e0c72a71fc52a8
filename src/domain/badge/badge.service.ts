import { requireSiteAdmin } from '../../auth/viewer.ts';
import type { Badge, User } from '../../db/models.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { invalid, notFound } from '../../errors.ts';
import type { ServiceContext } from '../../services.ts';
import { checkMaxLength, isHttpUrl } from '../formats.ts';
import { findUserByLogin } from '../user/user.service.ts';
import type { CreateBadgeInput } from './badge.inputs.ts';

const SLUG = /^[A-Za-z0-9_.-]+$/;

/** Every badge, by slug: for site administrators. */
export function listBadges(ctx: ServiceContext): Promise<Badge[]> {
  requireSiteAdmin(ctx.viewer);
  return ctx.db.badge.findMany({ orderBy: { slug: 'asc' } });
}

/** A badge for site administrators to award; its slug is unique (422 when taken, as a taken name is). */
export async function createBadge(ctx: ServiceContext, input: CreateBadgeInput): Promise<Badge> {
  requireSiteAdmin(ctx.viewer);
  if (!SLUG.test(input.slug)) throw invalid(`badge slug "${input.slug}" is invalid: use letters, digits, '-', '_' and '.'`);
  checkMaxLength(input.slug, 255, 'slug');
  checkMaxLength(input.description, 255, 'description');
  if (input.imageUrl && !isHttpUrl(input.imageUrl)) throw invalid('image_url must be an http or https URL');
  try {
    return await ctx.db.badge.create({ data: { slug: input.slug, description: input.description ?? '', imageUrl: input.imageUrl ?? '' } });
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid(`badge "${input.slug}" already exists`);
    throw err;
  }
}

/** Deletes a badge; the people who held it lose it with it. */
export async function deleteBadge(ctx: ServiceContext, slug: string): Promise<void> {
  requireSiteAdmin(ctx.viewer);
  const { count } = await ctx.db.badge.deleteMany({ where: { slug } });
  if (count === 0) throw notFound(`badge "${slug}" does not exist`);
}

async function accountFor(ctx: ServiceContext, login: string): Promise<User> {
  requireSiteAdmin(ctx.viewer);
  const user = await findUserByLogin(ctx, login);
  if (!user) throw notFound(`user "${login}" does not exist`);
  return user;
}

/** The badges an account holds, by slug. */
export async function userBadges(ctx: ServiceContext, login: string): Promise<Badge[]> {
  const user = await accountFor(ctx, login);
  return ctx.db.badge.findMany({ where: { holders: { some: { userId: user.id } } }, orderBy: { slug: 'asc' } });
}

/** The badges of these slugs; an unknown slug is a 422 naming it (Gitea fails with a server error there). */
async function badgesBySlug(ctx: ServiceContext, slugs: readonly string[]): Promise<Badge[]> {
  const wanted = [...new Set(slugs)];
  const badges = wanted.length ? await ctx.db.badge.findMany({ where: { slug: { in: wanted } } }) : [];
  const unknown = wanted.find((slug) => !badges.some((b) => b.slug === slug));
  if (unknown !== undefined) throw invalid(`badge "${unknown}" does not exist`);
  return badges;
}

/** Awards badges to an account, all or none; one it holds already stays as it is. */
export async function addUserBadges(ctx: ServiceContext, login: string, slugs: readonly string[]): Promise<void> {
  const user = await accountFor(ctx, login);
  const badges = await badgesBySlug(ctx, slugs);
  await ctx.db.$transaction(async (tx) => {
    const held = new Set((await tx.userBadge.findMany({ where: { userId: user.id }, select: { badgeId: true } })).map((b) => b.badgeId));
    const fresh = badges.filter((b) => !held.has(b.id));
    if (fresh.length) await tx.userBadge.createMany({ data: fresh.map((b) => ({ userId: user.id, badgeId: b.id })) });
  });
}

/** Takes badges from an account; one it does not hold is no error. */
export async function removeUserBadges(ctx: ServiceContext, login: string, slugs: readonly string[]): Promise<void> {
  const user = await accountFor(ctx, login);
  const badges = await badgesBySlug(ctx, slugs);
  if (badges.length) await ctx.db.userBadge.deleteMany({ where: { userId: user.id, badgeId: { in: badges.map((b) => b.id) } } });
}
