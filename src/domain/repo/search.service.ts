import type { Prisma, User } from '../../db/models.ts';
import { forbidden, invalid, notFound } from '../../errors.ts';
import { pageFrom, type Page, type PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { canSeeAccount, reachableRepositoriesWhere, readableRepositoriesWhere } from '../access/access.service.ts';
import { findUserByLogin } from '../user/user.service.ts';
import type { RepositoryWithOwner } from './repo.service.ts';

/**
 * Finding repositories: searched and sorted among those the viewer may read (or only those it reaches), and
 * the repositories of one account.
 */

export interface RepositorySearch {
  query?: string | null;
  /** Repositories owned by this account id. */
  ownerId?: number | null;
  /** Only the repositories the viewer reaches (see reachableRepositoriesWhere), not all it may read. */
  reachable?: boolean | null;
  /** Also match the description. */
  includeDescription?: boolean | null;
  topicOnly?: boolean | null;
  isPrivate?: boolean | null;
  isArchived?: boolean | null;
  isTemplate?: boolean | null;
  /** source | fork | mirror | collaborative (mirrors arrive later: none exist yet). */
  mode?: string | null;
  sort?: string | null;
  order?: string | null;
}

const SORTS: Record<string, Prisma.RepositoryOrderByWithRelationInput> = {
  alpha: { lowerName: 'asc' },
  created: { createdAt: 'asc' },
  updated: { updatedAt: 'asc' },
  size: { sizeBytes: 'asc' },
  id: { id: 'asc' },
};

export async function searchRepositories(ctx: ServiceContext, search: RepositorySearch, window: PageWindow): Promise<Page<RepositoryWithOwner>> {
  if (search.sort && !SORTS[search.sort]) throw invalid(`sort must be one of ${Object.keys(SORTS).join(', ')}`);
  if (search.order && !['asc', 'desc'].includes(search.order)) throw invalid('order must be asc or desc');
  if (search.mode && !['source', 'fork', 'mirror', 'collaborative'].includes(search.mode)) {
    throw invalid('mode must be one of source, fork, mirror, collaborative');
  }
  const q = search.query?.trim().toLowerCase();
  const and: Prisma.RepositoryWhereInput[] = [search.reachable ? reachableRepositoriesWhere(ctx.viewer) : readableRepositoriesWhere(ctx.viewer)];
  if (search.ownerId) and.push({ ownerId: search.ownerId });
  if (q) {
    if (search.topicOnly) and.push({ OR: [{ topics: q }, { topics: { startsWith: `${q},` } }, { topics: { endsWith: `,${q}` } }, { topics: { contains: `,${q},` } }] });
    else and.push({ OR: [{ lowerName: { contains: q } }, ...(search.includeDescription ? [{ description: { contains: search.query!.trim() } }] : [])] });
  }
  if (search.isPrivate != null) and.push({ isPrivate: search.isPrivate });
  if (search.isArchived != null) and.push({ isArchived: search.isArchived });
  if (search.isTemplate != null) and.push({ isTemplate: search.isTemplate });
  // No mirrors exist yet, so that mode matches nothing.
  if (search.mode === 'fork') and.push({ isFork: true });
  if (search.mode === 'source') and.push({ isFork: false });
  if (search.mode === 'mirror') and.push({ id: -1 });
  if (search.mode === 'collaborative' && ctx.viewer.user) and.push({ ownerId: { not: ctx.viewer.user.id } });
  const where = { AND: and };
  const [field, direction] = Object.entries(SORTS[search.sort ?? 'alpha'])[0];
  const orderBy = [{ [field]: search.order ?? direction }, { id: 'asc' as const }];
  return pageFrom(ctx.db.repository.findMany({ where, orderBy, skip: window.offset, take: window.limit, include: { owner: true } }), ctx.db.repository.count({ where }));
}

/** Repositories of an account that the viewer may see. */
export async function listOwnerRepositories(ctx: ServiceContext, ownerLogin: string, window: PageWindow) {
  const owner = await findUserByLogin(ctx, ownerLogin);
  if (!owner || !(await canSeeAccount(ctx, owner))) throw notFound(`user "${ownerLogin}" does not exist`);
  return listAccountRepositories(ctx, owner, 'owned', window);
}

export type RepositoryAffiliation = 'owned' | 'reachable';

/**
 * An account's repositories: those it owns that the viewer may read, oldest first; or, for the viewer's own
 * account only (grants are private), every repository it reaches, by name as Gitea lists them.
 */
export async function listAccountRepositories(ctx: ServiceContext, account: User, affiliation: RepositoryAffiliation, window: PageWindow) {
  if (affiliation === 'owned') return searchRepositories(ctx, { ownerId: account.id, sort: 'id' }, window);
  if (ctx.viewer.user?.id !== account.id) throw forbidden('only an account itself may list the repositories it reaches');
  return searchRepositories(ctx, { reachable: true, sort: 'alpha' }, window);
}

