import { isPublicOnly, isSiteAdmin, type Viewer } from '../../auth/viewer.ts';
import type { Prisma, Repository, User } from '../../db/models.ts';

/** What a caller may do with a repository, in increasing order. */
export type AccessLevel = 'none' | 'read' | 'write' | 'admin' | 'owner';
const ORDER: AccessLevel[] = ['none', 'read', 'write', 'admin', 'owner'];

export function atLeast(level: AccessLevel, needed: AccessLevel): boolean {
  return ORDER.indexOf(level) >= ORDER.indexOf(needed);
}

/** Whether the owner account itself is visible to the viewer (private and limited owners hide their repositories). */
function ownerVisible(viewer: Viewer, owner: User): boolean {
  if (owner.visibility === 'public') return true;
  if (!viewer.user || isPublicOnly(viewer)) return false;
  return (owner.visibility === 'limited' && !viewer.user.restricted) || owner.id === viewer.user.id || isSiteAdmin(viewer);
}

/** Restricted accounts get no default read access: only what is theirs or explicitly granted to them. */
const isRestricted = (viewer: Viewer) => !!viewer.user?.restricted && !isSiteAdmin(viewer);

/**
 * The one answer to "what may this viewer do with this repository", used by REST, GraphQL and git over
 * HTTP alike. Organizations, teams and collaborators extend it (issue: access model).
 */
export function repositoryAccess(viewer: Viewer, repo: Repository & { owner: User }): AccessLevel {
  // A public-only token reaches public repositories of public owners only, with the rights its user has there.
  if (isPublicOnly(viewer) && (repo.isPrivate || repo.owner.visibility !== 'public')) return 'none';
  if (viewer.user) {
    if (isSiteAdmin(viewer)) return 'owner';
    if (repo.ownerId === viewer.user.id) return 'owner';
  }
  if (!repo.isPrivate && !isRestricted(viewer) && ownerVisible(viewer, repo.owner)) return 'read';
  return 'none';
}

/** Prisma filter for the repositories a viewer may at least read (for lists and search). */
export function readableRepositoriesWhere(viewer: Viewer): Prisma.RepositoryWhereInput {
  const publicRepoOfVisibleOwner: Prisma.RepositoryWhereInput = {
    isPrivate: false,
    owner: { visibility: { in: viewer.user && !isPublicOnly(viewer) ? ['public', 'limited'] : ['public'] } },
  };
  if (!viewer.user || isPublicOnly(viewer)) return publicRepoOfVisibleOwner;
  if (isSiteAdmin(viewer)) return {};
  if (isRestricted(viewer)) return { ownerId: viewer.user.id };
  return { OR: [publicRepoOfVisibleOwner, { ownerId: viewer.user.id }] };
}
