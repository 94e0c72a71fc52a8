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

  // Forks and transfers
  { method: 'get', path: '/repos/{owner}/{repo}/forks', operationId: 'listForks', guard: 'public', scope: 'repository' },
  { method: 'post', path: '/repos/{owner}/{repo}/forks', operationId: 'createFork', guard: 'signedIn', scope: 'repository' },
  { method: 'post', path: '/repos/{owner}/{repo}/merge-upstream', operationId: 'repoMergeUpstream', guard: 'signedIn', scope: 'repository' },
  { method: 'post', path: '/repos/{owner}/{repo}/transfer', operationId: 'repoTransfer', guard: 'signedIn', scope: 'repository' },
  { method: 'post', path: '/repos/{owner}/{repo}/transfer/accept', operationId: 'acceptRepoTransfer', guard: 'signedIn', scope: 'repository' },
  { method: 'post', path: '/repos/{owner}/{repo}/transfer/reject', operationId: 'rejectRepoTransfer', guard: 'signedIn', scope: 'repository' },
];
