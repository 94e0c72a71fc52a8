import type { RestUserFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { restTime, timeOrZero } from './time.ts';

/** Gitea's User, and the `username` (the login again) that Gitea sends besides its documented members. */
export type RestUser = RestSchema<'User'> & { username: string };

/** GraphQL User → REST User. */
export function toUser(user: RestUserFragment): RestUser {
  return {
    id: user.databaseId,
    login: user.login,
    login_name: user.loginName,
    source_id: user.sourceId,
    full_name: user.fullName,
    email: user.email,
    avatar_url: user.avatarUrl,
    html_url: user.htmlUrl,
    language: user.language,
    is_admin: user.isAdmin,
    last_login: timeOrZero(user.lastLogin),
    created: restTime(user.createdAt),
    restricted: user.restricted,
    active: user.active,
    prohibit_login: user.prohibitLogin,
    location: user.location,
    website: user.website,
    description: user.description,
    visibility: user.visibility,
    // Graft has no bot accounts.
    type: user.isOrganization ? 'Organization' : 'User',
    followers_count: user.followerCount,
    following_count: user.followingCount,
    starred_repos_count: user.starredCount,
    username: user.login,
  };
}
