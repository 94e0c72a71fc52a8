import type { RestCollaboratorPermissionFragment } from '../__generated__/graphql.ts';
import { accessLevelName } from './access.ts';
import type { RestSchema } from './shape.ts';
import { toUser } from './user.ts';

/** A person's permission on a repository; Gitea sends the level twice, as permission and as role_name. */
export function toRepoCollaboratorPermission({ permission, user }: RestCollaboratorPermissionFragment): RestSchema<'RepoCollaboratorPermission'> {
  const level = accessLevelName(permission);
  return { permission: level, role_name: level, user: toUser(user) };
}
