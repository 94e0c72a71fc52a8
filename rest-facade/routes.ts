import type { ScopeCategory } from '../src/auth/scopes.ts';
import type { OperationId } from './operation.ts';

/**
 * Who may reach an operation before it runs:
 * - public: anyone; a credential, when given, must be valid;
 * - signedIn: any authenticated account;
 * - siteAdmin: site administrators only.
 * Finer rules (owner, visibility, password-only token management) are the services' to enforce.
 */
export type Guard = 'public' | 'signedIn' | 'siteAdmin';

export interface Route {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  operationId: OperationId;
  guard: Guard;
  /** Token scope category; reads need read:<category>, other methods write:<category>. null: no scope needed. */
  scope: ScopeCategory | null;
}

/** The route table. Order matters where paths overlap: literal segments before parameters. */
export const routes: Route[] = [
  { method: 'get', path: '/version', operationId: 'getVersion', guard: 'public', scope: null },
  { method: 'get', path: '/settings/api', operationId: 'getGeneralAPISettings', guard: 'public', scope: null },
  { method: 'get', path: '/settings/attachment', operationId: 'getGeneralAttachmentSettings', guard: 'public', scope: null },
  { method: 'get', path: '/settings/repository', operationId: 'getGeneralRepositorySettings', guard: 'public', scope: null },
  { method: 'get', path: '/settings/ui', operationId: 'getGeneralUISettings', guard: 'public', scope: null },

  { method: 'get', path: '/user', operationId: 'userGetCurrent', guard: 'signedIn', scope: 'user' },
  { method: 'get', path: '/user/repos', operationId: 'userCurrentListRepos', guard: 'signedIn', scope: 'repository' },
  { method: 'post', path: '/user/repos', operationId: 'createCurrentUserRepo', guard: 'signedIn', scope: 'repository' },
  { method: 'get', path: '/users/search', operationId: 'userSearch', guard: 'public', scope: 'user' },
  { method: 'get', path: '/users/{username}', operationId: 'userGet', guard: 'public', scope: 'user' },
  { method: 'get', path: '/users/{username}/repos', operationId: 'userListRepos', guard: 'public', scope: 'repository' },
  { method: 'get', path: '/users/{username}/tokens', operationId: 'userGetTokens', guard: 'signedIn', scope: 'user' },
  { method: 'post', path: '/users/{username}/tokens', operationId: 'userCreateToken', guard: 'signedIn', scope: 'user' },
  { method: 'delete', path: '/users/{username}/tokens/{token}', operationId: 'userDeleteAccessToken', guard: 'signedIn', scope: 'user' },

  { method: 'get', path: '/admin/users', operationId: 'adminSearchUsers', guard: 'siteAdmin', scope: 'admin' },
  { method: 'post', path: '/admin/users', operationId: 'adminCreateUser', guard: 'siteAdmin', scope: 'admin' },
  { method: 'patch', path: '/admin/users/{username}', operationId: 'adminEditUser', guard: 'siteAdmin', scope: 'admin' },
  { method: 'delete', path: '/admin/users/{username}', operationId: 'adminDeleteUser', guard: 'siteAdmin', scope: 'admin' },
  { method: 'post', path: '/admin/users/{username}/repos', operationId: 'adminCreateRepo', guard: 'siteAdmin', scope: 'admin' },

  // Repositories
  { method: 'get', path: '/repos/search', operationId: 'repoSearch', guard: 'public', scope: 'repository' },
  { method: 'get', path: '/repositories/{id}', operationId: 'repoGetByID', guard: 'public', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}', operationId: 'repoGet', guard: 'public', scope: 'repository' },
  { method: 'patch', path: '/repos/{owner}/{repo}', operationId: 'repoEdit', guard: 'signedIn', scope: 'repository' },
  { method: 'delete', path: '/repos/{owner}/{repo}', operationId: 'repoDelete', guard: 'signedIn', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/topics', operationId: 'repoListTopics', guard: 'public', scope: 'repository' },
  { method: 'put', path: '/repos/{owner}/{repo}/topics', operationId: 'repoUpdateTopics', guard: 'signedIn', scope: 'repository' },
  { method: 'put', path: '/repos/{owner}/{repo}/topics/{topic}', operationId: 'repoAddTopic', guard: 'signedIn', scope: 'repository' },
  { method: 'delete', path: '/repos/{owner}/{repo}/topics/{topic}', operationId: 'repoDeleteTopic', guard: 'signedIn', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/languages', operationId: 'repoGetLanguages', guard: 'public', scope: 'repository' },

  // Branches, tags and git refs ({branch}, {tag} and {ref} may hold slashes: see SLASHED_PATH_PARAMS in router.ts)
  { method: 'get', path: '/repos/{owner}/{repo}/branches', operationId: 'repoListBranches', guard: 'public', scope: 'repository' },
  { method: 'post', path: '/repos/{owner}/{repo}/branches', operationId: 'repoCreateBranch', guard: 'signedIn', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/branches/{branch}', operationId: 'repoGetBranch', guard: 'public', scope: 'repository' },
  { method: 'delete', path: '/repos/{owner}/{repo}/branches/{branch}', operationId: 'repoDeleteBranch', guard: 'signedIn', scope: 'repository' },
  { method: 'patch', path: '/repos/{owner}/{repo}/branches/{branch}', operationId: 'repoRenameBranch', guard: 'signedIn', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/tags', operationId: 'repoListTags', guard: 'public', scope: 'repository' },
  { method: 'post', path: '/repos/{owner}/{repo}/tags', operationId: 'repoCreateTag', guard: 'signedIn', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/tags/{tag}', operationId: 'repoGetTag', guard: 'public', scope: 'repository' },
  { method: 'delete', path: '/repos/{owner}/{repo}/tags/{tag}', operationId: 'repoDeleteTag', guard: 'signedIn', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/git/tags/{sha}', operationId: 'GetAnnotatedTag', guard: 'public', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/git/refs', operationId: 'repoListAllGitRefs', guard: 'public', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/git/refs/{ref}', operationId: 'repoListGitRefs', guard: 'public', scope: 'repository' },

  // Commits and git data ({sha} names a commit id, branch, tag or other revision; {basehead} may hold slashes)
  { method: 'get', path: '/repos/{owner}/{repo}/commits', operationId: 'repoGetAllCommits', guard: 'public', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/git/commits/{sha}.{diffType}', operationId: 'repoDownloadCommitDiffOrPatch', guard: 'public', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/git/commits/{sha}', operationId: 'repoGetSingleCommit', guard: 'public', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/git/trees/{sha}', operationId: 'GetTree', guard: 'public', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/git/blobs/{sha}', operationId: 'GetBlob', guard: 'public', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/compare/{basehead}', operationId: 'repoCompareDiff', guard: 'public', scope: 'repository' },

  // Contents, raw files, archives and patches ({filepath} and {archive} may hold slashes: see SLASHED_PATH_PARAMS)
  { method: 'get', path: '/repos/{owner}/{repo}/contents', operationId: 'repoGetContentsList', guard: 'public', scope: 'repository' },
  { method: 'post', path: '/repos/{owner}/{repo}/contents', operationId: 'repoChangeFiles', guard: 'signedIn', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/contents/{filepath}', operationId: 'repoGetContents', guard: 'public', scope: 'repository' },
  { method: 'post', path: '/repos/{owner}/{repo}/contents/{filepath}', operationId: 'repoCreateFile', guard: 'signedIn', scope: 'repository' },
  { method: 'put', path: '/repos/{owner}/{repo}/contents/{filepath}', operationId: 'repoUpdateFile', guard: 'signedIn', scope: 'repository' },
  { method: 'delete', path: '/repos/{owner}/{repo}/contents/{filepath}', operationId: 'repoDeleteFile', guard: 'signedIn', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/contents-ext/{filepath}', operationId: 'repoGetContentsExt', guard: 'public', scope: 'repository' },
  { method: 'post', path: '/repos/{owner}/{repo}/diffpatch', operationId: 'repoApplyDiffPatch', guard: 'signedIn', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/raw/{filepath}', operationId: 'repoGetRawFile', guard: 'public', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/media/{filepath}', operationId: 'repoGetRawFileOrLFS', guard: 'public', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/archive/{archive}', operationId: 'repoGetArchive', guard: 'public', scope: 'repository' },

  // Organizations, members and teams (member and owner operations need a signed-in caller before any check)
  { method: 'get', path: '/orgs', operationId: 'orgGetAll', guard: 'public', scope: 'organization' },
  { method: 'post', path: '/orgs', operationId: 'orgCreate', guard: 'signedIn', scope: 'organization' },
  { method: 'get', path: '/orgs/{org}', operationId: 'orgGet', guard: 'public', scope: 'organization' },
  { method: 'patch', path: '/orgs/{org}', operationId: 'orgEdit', guard: 'signedIn', scope: 'organization' },
  { method: 'delete', path: '/orgs/{org}', operationId: 'orgDelete', guard: 'signedIn', scope: 'organization' },
  { method: 'get', path: '/user/orgs', operationId: 'orgListCurrentUserOrgs', guard: 'signedIn', scope: 'organization' },
  { method: 'get', path: '/users/{username}/orgs', operationId: 'orgListUserOrgs', guard: 'signedIn', scope: 'organization' },
  { method: 'get', path: '/users/{username}/orgs/{org}/permissions', operationId: 'orgGetUserPermissions', guard: 'signedIn', scope: 'organization' },
  { method: 'get', path: '/admin/orgs', operationId: 'adminGetAllOrgs', guard: 'siteAdmin', scope: 'admin' },
  { method: 'post', path: '/admin/users/{username}/orgs', operationId: 'adminCreateOrg', guard: 'siteAdmin', scope: 'admin' },
  { method: 'get', path: '/orgs/{org}/members', operationId: 'orgListMembers', guard: 'signedIn', scope: 'organization' },
  { method: 'get', path: '/orgs/{org}/members/{username}', operationId: 'orgIsMember', guard: 'signedIn', scope: 'organization' },
  { method: 'delete', path: '/orgs/{org}/members/{username}', operationId: 'orgDeleteMember', guard: 'signedIn', scope: 'organization' },
  { method: 'get', path: '/orgs/{org}/public_members', operationId: 'orgListPublicMembers', guard: 'public', scope: 'organization' },
  { method: 'get', path: '/orgs/{org}/public_members/{username}', operationId: 'orgIsPublicMember', guard: 'public', scope: 'organization' },
  { method: 'put', path: '/orgs/{org}/public_members/{username}', operationId: 'orgPublicizeMember', guard: 'signedIn', scope: 'organization' },
  { method: 'delete', path: '/orgs/{org}/public_members/{username}', operationId: 'orgConcealMember', guard: 'signedIn', scope: 'organization' },
  { method: 'get', path: '/orgs/{org}/repos', operationId: 'orgListRepos', guard: 'public', scope: 'organization' },
  { method: 'post', path: '/orgs/{org}/repos', operationId: 'createOrgRepo', guard: 'signedIn', scope: 'organization' },
  { method: 'get', path: '/orgs/{org}/teams', operationId: 'orgListTeams', guard: 'signedIn', scope: 'organization' },
  { method: 'post', path: '/orgs/{org}/teams', operationId: 'orgCreateTeam', guard: 'signedIn', scope: 'organization' },
  { method: 'get', path: '/orgs/{org}/teams/search', operationId: 'teamSearch', guard: 'signedIn', scope: 'organization' },
  { method: 'get', path: '/user/teams', operationId: 'userListTeams', guard: 'signedIn', scope: 'organization' },
  { method: 'get', path: '/teams/{id}', operationId: 'orgGetTeam', guard: 'signedIn', scope: 'organization' },
  { method: 'patch', path: '/teams/{id}', operationId: 'orgEditTeam', guard: 'signedIn', scope: 'organization' },
  { method: 'delete', path: '/teams/{id}', operationId: 'orgDeleteTeam', guard: 'signedIn', scope: 'organization' },
  { method: 'get', path: '/teams/{id}/members', operationId: 'orgListTeamMembers', guard: 'signedIn', scope: 'organization' },
  { method: 'get', path: '/teams/{id}/members/{username}', operationId: 'orgListTeamMember', guard: 'signedIn', scope: 'organization' },
  { method: 'put', path: '/teams/{id}/members/{username}', operationId: 'orgAddTeamMember', guard: 'signedIn', scope: 'organization' },
  { method: 'delete', path: '/teams/{id}/members/{username}', operationId: 'orgRemoveTeamMember', guard: 'signedIn', scope: 'organization' },
  { method: 'get', path: '/teams/{id}/repos', operationId: 'orgListTeamRepos', guard: 'signedIn', scope: 'organization' },
  { method: 'get', path: '/teams/{id}/repos/{org}/{repo}', operationId: 'orgListTeamRepo', guard: 'signedIn', scope: 'organization' },
  { method: 'put', path: '/teams/{id}/repos/{org}/{repo}', operationId: 'orgAddTeamRepository', guard: 'signedIn', scope: 'organization' },
  { method: 'delete', path: '/teams/{id}/repos/{org}/{repo}', operationId: 'orgRemoveTeamRepository', guard: 'signedIn', scope: 'organization' },

  // Collaborators
  { method: 'get', path: '/repos/{owner}/{repo}/collaborators', operationId: 'repoListCollaborators', guard: 'signedIn', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/collaborators/{collaborator}', operationId: 'repoCheckCollaborator', guard: 'signedIn', scope: 'repository' },
  { method: 'put', path: '/repos/{owner}/{repo}/collaborators/{collaborator}', operationId: 'repoAddCollaborator', guard: 'signedIn', scope: 'repository' },
  { method: 'delete', path: '/repos/{owner}/{repo}/collaborators/{collaborator}', operationId: 'repoDeleteCollaborator', guard: 'signedIn', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/collaborators/{collaborator}/permission', operationId: 'repoGetRepoPermissions', guard: 'signedIn', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/teams', operationId: 'repoListTeams', guard: 'signedIn', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/teams/{team}', operationId: 'repoCheckTeam', guard: 'signedIn', scope: 'repository' },
  { method: 'put', path: '/repos/{owner}/{repo}/teams/{team}', operationId: 'repoAddTeam', guard: 'signedIn', scope: 'repository' },
  { method: 'delete', path: '/repos/{owner}/{repo}/teams/{team}', operationId: 'repoDeleteTeam', guard: 'signedIn', scope: 'repository' },
  // Stars, watches and follows
  { method: 'get', path: '/user/starred', operationId: 'userCurrentListStarred', guard: 'signedIn', scope: 'user' },
  { method: 'get', path: '/user/starred/{owner}/{repo}', operationId: 'userCurrentCheckStarring', guard: 'signedIn', scope: 'user' },
  { method: 'put', path: '/user/starred/{owner}/{repo}', operationId: 'userCurrentPutStar', guard: 'signedIn', scope: 'user' },
  { method: 'delete', path: '/user/starred/{owner}/{repo}', operationId: 'userCurrentDeleteStar', guard: 'signedIn', scope: 'user' },
  { method: 'get', path: '/users/{username}/starred', operationId: 'userListStarred', guard: 'public', scope: 'user' },
  { method: 'get', path: '/repos/{owner}/{repo}/stargazers', operationId: 'repoListStargazers', guard: 'public', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/subscription', operationId: 'userCurrentCheckSubscription', guard: 'signedIn', scope: 'repository' },
  { method: 'put', path: '/repos/{owner}/{repo}/subscription', operationId: 'userCurrentPutSubscription', guard: 'signedIn', scope: 'repository' },
  { method: 'delete', path: '/repos/{owner}/{repo}/subscription', operationId: 'userCurrentDeleteSubscription', guard: 'signedIn', scope: 'repository' },
  { method: 'get', path: '/repos/{owner}/{repo}/subscribers', operationId: 'repoListSubscribers', guard: 'public', scope: 'repository' },
  { method: 'get', path: '/user/subscriptions', operationId: 'userCurrentListSubscriptions', guard: 'signedIn', scope: 'user' },
  { method: 'get', path: '/users/{username}/subscriptions', operationId: 'userListSubscriptions', guard: 'public', scope: 'user' },
  { method: 'get', path: '/user/followers', operationId: 'userCurrentListFollowers', guard: 'signedIn', scope: 'user' },
  { method: 'get', path: '/user/following', operationId: 'userCurrentListFollowing', guard: 'signedIn', scope: 'user' },
  { method: 'get', path: '/user/following/{username}', operationId: 'userCurrentCheckFollowing', guard: 'signedIn', scope: 'user' },
  { method: 'put', path: '/user/following/{username}', operationId: 'userCurrentPutFollow', guard: 'signedIn', scope: 'user' },
  { method: 'delete', path: '/user/following/{username}', operationId: 'userCurrentDeleteFollow', guard: 'signedIn', scope: 'user' },
  { method: 'get', path: '/users/{username}/followers', operationId: 'userListFollowers', guard: 'public', scope: 'user' },
  { method: 'get', path: '/users/{username}/following', operationId: 'userListFollowing', guard: 'public', scope: 'user' },
  { method: 'get', path: '/users/{username}/following/{target}', operationId: 'userCheckFollowing', guard: 'public', scope: 'user' },
  // Forks and transfers
  { method: 'get', path: '/repos/{owner}/{repo}/forks', operationId: 'listForks', guard: 'public', scope: 'repository' },
  { method: 'post', path: '/repos/{owner}/{repo}/forks', operationId: 'createFork', guard: 'signedIn', scope: 'repository' },
  { method: 'post', path: '/repos/{owner}/{repo}/merge-upstream', operationId: 'repoMergeUpstream', guard: 'signedIn', scope: 'repository' },
  { method: 'post', path: '/repos/{owner}/{repo}/transfer', operationId: 'repoTransfer', guard: 'signedIn', scope: 'repository' },
  { method: 'post', path: '/repos/{owner}/{repo}/transfer/accept', operationId: 'acceptRepoTransfer', guard: 'signedIn', scope: 'repository' },
  { method: 'post', path: '/repos/{owner}/{repo}/transfer/reject', operationId: 'rejectRepoTransfer', guard: 'signedIn', scope: 'repository' },
];
