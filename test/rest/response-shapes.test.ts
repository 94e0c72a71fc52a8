/**
 * Every operation of schema/openapi/, called on a live server with valid inputs, answers a body with
 * every property of the reference (Gitea) response schema, each of the right JSON type, null only where
 * Gitea's field is a pointer. A fixture world is built once; the calls run in order (writes after the reads
 * that need the state before them, deletions last).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadOpenApiDocument } from '../../rest-facade/openapi.ts';
import { createAccount, type TestAccount } from '../testkit/accounts.ts';
import { adminAuth, type ApiResponse, type Auth } from '../testkit/client.ts';
import { bodySchema, loadDocument, METHODS, pathTemplate, type OpenApiLike } from '../testkit/compatibility.ts';
import { buildRepo } from '../testkit/repos.ts';
import { tempDir } from '../testkit/git.ts';
import { LocalHistory } from '../testkit/history.ts';
import { addTeamMember, createOrg, createTeam, type TestOrg } from '../testkit/orgs.ts';
import { shapeProblems } from '../testkit/shapes.ts';
import { useServer } from '../testkit/use-server.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const referenceFile = path.resolve(repoRoot, '../shared/reference/gitea-api-v1.openapi3.json');
const reference = loadDocument(referenceFile);
const ours = loadOpenApiDocument() as unknown as OpenApiLike;

interface Documented {
  method: string;
  path: string;
  operation: Record<string, any>;
}

function operationsOf(doc: OpenApiLike): Map<string, Documented> {
  const byId = new Map<string, Documented>();
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) if (item[method]) byId.set(item[method].operationId, { method, path: p, operation: item[method] });
  }
  return byId;
}
const documented = operationsOf(ours);
const referenceByRoute = new Map([...operationsOf(reference ?? { paths: {} }).values()].map((op) => [`${op.method} ${pathTemplate(op.path)}`, op]));

/** Operations whose success body is not JSON (a diff, a file, an archive): checked for their status only. */
const NON_JSON = new Set(['repoDownloadCommitDiffOrPatch', 'repoGetRawFile', 'repoGetRawFileOrLFS', 'repoGetArchive']);

/** The fixture world, built in before(). */
interface World {
  alice: TestAccount;
  bob: TestAccount;
  carol: TestAccount;
  temp: string;
  org: TestOrg;
  devs: number;
  made: { org: string; team: number; repoLabel: number; orgLabel: number };
  repoId: number;
  oids: { annotatedTag: string; tree: string; blob: string; newFile: string };
}

interface Call {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  auth?: Auth;
  /** After the call: remembers what later calls need. */
  then?: (res: ApiResponse) => void;
}

const REPO = 'shapes';

/**
 * The calls, in the order they run. An operation may appear more than once (in another state: a fork, a
 * pending transfer, commit lists without files); every documented operation must appear.
 */
const calls: [operationId: string, title: string, call: (w: World) => Call][] = [
  ['getVersion', '', () => ({})],
  ['getGeneralAPISettings', '', () => ({})],
  ['getGeneralAttachmentSettings', '', () => ({})],
  ['getGeneralRepositorySettings', '', () => ({})],
  ['getGeneralUISettings', '', () => ({})],

  ['userGetCurrent', '', (w) => ({ auth: w.alice.basic })],
  ['userSearch', '', (w) => ({ query: { q: w.alice.login } })],
  ['userGet', '', (w) => ({ params: { username: w.alice.login } })],
  ['userCreateToken', '', (w) => ({ params: { username: w.alice.login }, body: { name: 'shapes-token', scopes: ['read:user'] }, auth: w.alice.basic })],
  ['userGetTokens', '', (w) => ({ params: { username: w.alice.login }, auth: w.alice.basic })],
  ['adminSearchUsers', '', () => ({ auth: adminAuth })],
  ['adminCreateUser', '', (w) => ({ body: { username: w.temp, email: `${w.temp}@example.test`, password: `pw-${w.temp}-secret` }, auth: adminAuth })],
  ['adminEditUser', '', (w) => ({ params: { username: w.temp }, body: { source_id: 0, login_name: w.temp, full_name: 'Temporary' }, auth: adminAuth })],

  ['createCurrentUserRepo', '', (w) => ({ body: { name: 'made-by-api', auto_init: true }, auth: w.alice.basic })],
  ['userCurrentListRepos', '', (w) => ({ auth: w.alice.basic })],
  ['userListRepos', '', (w) => ({ params: { username: w.alice.login } })],
  ['adminCreateRepo', '', (w) => ({ params: { username: w.carol.login }, body: { name: 'made-by-admin' }, auth: adminAuth })],
  ['repoSearch', '', () => ({ query: { q: REPO } })],
  ['repoGet', '', (w) => ({ params: { owner: w.alice.login, repo: REPO }, auth: w.alice.basic })],
  ['repoGet', 'a fork, with its parent', (w) => ({ params: { owner: w.bob.login, repo: REPO }, auth: w.bob.basic })],
  ['repoGetByID', '', (w) => ({ params: { id: w.repoId } })],
  ['repoEdit', '', (w) => ({ params: { owner: w.alice.login, repo: REPO }, body: { description: 'every field, like Gitea' }, auth: w.alice.basic })],
  ['repoUpdateTopics', '', (w) => ({ params: { owner: w.alice.login, repo: REPO }, body: { topics: ['one', 'two'] }, auth: w.alice.basic })],
  ['repoAddTopic', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, topic: 'three' }, auth: w.alice.basic })],
  ['repoListTopics', '', (w) => ({ params: { owner: w.alice.login, repo: REPO } })],
  ['repoDeleteTopic', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, topic: 'three' }, auth: w.alice.basic })],
  ['repoGetLanguages', '', (w) => ({ params: { owner: w.alice.login, repo: REPO } })],

  ['repoListBranches', '', (w) => ({ params: { owner: w.alice.login, repo: REPO } })],
  ['repoGetBranch', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, branch: 'main' }, auth: w.alice.basic })],
  ['repoCreateBranch', '', (w) => ({ params: { owner: w.alice.login, repo: REPO }, body: { new_branch_name: 'made', old_ref_name: 'main' }, auth: w.alice.basic })],
  ['repoRenameBranch', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, branch: 'made' }, body: { name: 'renamed' }, auth: w.alice.basic })],
  ['repoDeleteBranch', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, branch: 'renamed' }, auth: w.alice.basic })],
  ['repoListTags', '', (w) => ({ params: { owner: w.alice.login, repo: REPO } })],
  ['repoGetTag', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, tag: 'v1' } })],
  ['repoGetTag', 'a lightweight tag', (w) => ({ params: { owner: w.alice.login, repo: REPO, tag: 'v0' } })],
  ['repoCreateTag', '', (w) => ({ params: { owner: w.alice.login, repo: REPO }, body: { tag_name: 'v2', target: 'main', message: 'made over REST' }, auth: w.alice.basic })],
  ['GetAnnotatedTag', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, sha: w.oids.annotatedTag } })],
  ['repoDeleteTag', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, tag: 'v2' }, auth: w.alice.basic })],
  ['repoListAllGitRefs', '', (w) => ({ params: { owner: w.alice.login, repo: REPO } })],
  ['repoListGitRefs', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, ref: 'heads' } })],

  ['repoGetSingleCommit', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, sha: 'main' } })],
  ['repoGetAllCommits', '', (w) => ({ params: { owner: w.alice.login, repo: REPO } })],
  ['repoGetAllCommits', 'without stats, files or verification', (w) => ({
    params: { owner: w.alice.login, repo: REPO },
    query: { stat: 'false', files: 'false', verification: 'false' },
  })],
  ['repoDownloadCommitDiffOrPatch', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, sha: 'main', diffType: 'diff' } })],
  ['GetTree', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, sha: w.oids.tree } })],
  ['GetBlob', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, sha: w.oids.blob } })],
  ['repoCompareDiff', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, basehead: 'main...feature' } })],

  ['repoGetContentsList', '', (w) => ({ params: { owner: w.alice.login, repo: REPO } })],
  ['repoGetContents', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, filepath: 'README.md' } })],
  ['repoGetContentsExt', 'a directory', (w) => ({
    params: { owner: w.alice.login, repo: REPO, filepath: 'docs' },
    query: { includes: 'file_content,commit_metadata,commit_message' },
  })],
  ['repoGetContentsExt', 'a file', (w) => ({ params: { owner: w.alice.login, repo: REPO, filepath: 'README.md' } })],
  ['repoCreateFile', '', (w) => ({
    params: { owner: w.alice.login, repo: REPO, filepath: 'made.txt' },
    body: { content: Buffer.from('made\n').toString('base64'), message: 'make a file' },
    auth: w.alice.basic,
    then: (res) => (w.oids.newFile = res.body.content.sha),
  })],
  ['repoUpdateFile', '', (w) => ({
    params: { owner: w.alice.login, repo: REPO, filepath: 'made.txt' },
    body: { content: Buffer.from('made again\n').toString('base64'), sha: w.oids.newFile },
    auth: w.alice.basic,
    then: (res) => (w.oids.newFile = res.body.content.sha),
  })],
  ['repoDeleteFile', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, filepath: 'made.txt' }, body: { sha: w.oids.newFile }, auth: w.alice.basic })],
  ['repoChangeFiles', '', (w) => ({
    params: { owner: w.alice.login, repo: REPO },
    body: { files: [{ operation: 'create', path: 'batch.txt', content: Buffer.from('one\n').toString('base64') }] },
    auth: w.alice.basic,
  })],
  ['repoApplyDiffPatch', '', (w) => ({
    params: { owner: w.alice.login, repo: REPO },
    body: { content: 'diff --git a/batch.txt b/batch.txt\n--- a/batch.txt\n+++ b/batch.txt\n@@ -1 +1,2 @@\n one\n+two\n' },
    auth: w.alice.basic,
  })],
  ['repoGetRawFile', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, filepath: 'README.md' } })],
  ['repoGetRawFileOrLFS', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, filepath: 'README.md' } })],
  ['repoGetArchive', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, archive: 'main.tar.gz' } })],

  ['orgGetAll', '', () => ({})],
  ['orgCreate', '', (w) => ({ body: { username: w.made.org, full_name: 'Made Here' }, auth: w.alice.basic })],
  ['orgGet', '', (w) => ({ params: { org: w.org.login } })],
  ['orgEdit', '', (w) => ({ params: { org: w.made.org }, body: { description: 'edited' }, auth: w.alice.basic })],
  ['orgListCurrentUserOrgs', '', (w) => ({ auth: w.alice.basic })],
  ['orgListUserOrgs', '', (w) => ({ params: { username: w.alice.login }, auth: w.alice.basic })],
  ['orgGetUserPermissions', '', (w) => ({ params: { username: w.alice.login, org: w.org.login }, auth: w.alice.basic })],
  ['adminCreateOrg', '', (w) => ({ params: { username: w.carol.login }, body: { username: `${w.made.org}-admin` }, auth: adminAuth })],
  ['adminGetAllOrgs', '', () => ({ auth: adminAuth })],
  ['orgListMembers', '', (w) => ({ params: { org: w.org.login }, auth: w.alice.basic })],
  ['orgIsMember', '', (w) => ({ params: { org: w.org.login, username: w.bob.login }, auth: w.alice.basic })],
  ['orgPublicizeMember', '', (w) => ({ params: { org: w.org.login, username: w.bob.login }, auth: w.bob.basic })],
  ['orgListPublicMembers', '', (w) => ({ params: { org: w.org.login } })],
  ['orgIsPublicMember', '', (w) => ({ params: { org: w.org.login, username: w.bob.login } })],
  ['orgConcealMember', '', (w) => ({ params: { org: w.org.login, username: w.bob.login }, auth: w.bob.basic })],
  ['orgListRepos', '', (w) => ({ params: { org: w.org.login } })],
  ['createOrgRepo', '', (w) => ({ params: { org: w.org.login }, body: { name: 'site' }, auth: w.alice.basic })],
  ['orgListTeams', '', (w) => ({ params: { org: w.org.login }, auth: w.alice.basic })],
  ['orgCreateTeam', '', (w) => ({
    params: { org: w.org.login },
    body: { name: 'made', permission: 'write', units: ['repo.code'] },
    auth: w.alice.basic,
    then: (res) => (w.made.team = res.body.id),
  })],
  ['teamSearch', '', (w) => ({ params: { org: w.org.login }, query: { q: 'devs' }, auth: w.alice.basic })],
  ['orgGetTeam', '', (w) => ({ params: { id: w.devs }, auth: w.alice.basic })],
  ['orgEditTeam', '', (w) => ({ params: { id: w.devs }, body: { name: 'devs', description: 'the developers' }, auth: w.alice.basic })],
  ['orgListTeamMembers', '', (w) => ({ params: { id: w.devs }, auth: w.alice.basic })],
  ['orgListTeamMember', '', (w) => ({ params: { id: w.devs, username: w.bob.login }, auth: w.alice.basic })],
  ['orgAddTeamMember', '', (w) => ({ params: { id: w.made.team, username: w.carol.login }, auth: w.alice.basic })],
  ['orgRemoveTeamMember', '', (w) => ({ params: { id: w.made.team, username: w.carol.login }, auth: w.alice.basic })],
  ['orgAddTeamRepository', '', (w) => ({ params: { id: w.devs, org: w.org.login, repo: 'site' }, auth: w.alice.basic })],
  ['orgListTeamRepos', '', (w) => ({ params: { id: w.devs }, auth: w.alice.basic })],
  ['orgListTeamRepo', '', (w) => ({ params: { id: w.devs, org: w.org.login, repo: 'site' }, auth: w.alice.basic })],
  ['userListTeams', '', (w) => ({ auth: w.bob.basic })],
  ['repoListTeams', '', (w) => ({ params: { owner: w.org.login, repo: 'site' }, auth: w.alice.basic })],
  ['repoAddTeam', '', (w) => ({ params: { owner: w.org.login, repo: 'site', team: 'made' }, auth: w.alice.basic })],
  ['repoCheckTeam', '', (w) => ({ params: { owner: w.org.login, repo: 'site', team: 'made' }, auth: w.alice.basic })],
  ['repoDeleteTeam', '', (w) => ({ params: { owner: w.org.login, repo: 'site', team: 'made' }, auth: w.alice.basic })],
  ['orgRemoveTeamRepository', '', (w) => ({ params: { id: w.devs, org: w.org.login, repo: 'site' }, auth: w.alice.basic })],

  ['repoListCollaborators', '', (w) => ({ params: { owner: w.alice.login, repo: REPO }, auth: w.alice.basic })],
  ['repoCheckCollaborator', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, collaborator: w.bob.login }, auth: w.alice.basic })],
  ['repoGetRepoPermissions', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, collaborator: w.bob.login }, auth: w.alice.basic })],
  ['repoAddCollaborator', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, collaborator: w.carol.login }, body: { permission: 'read' }, auth: w.alice.basic })],
  ['repoDeleteCollaborator', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, collaborator: w.carol.login }, auth: w.alice.basic })],

  ['userCurrentPutStar', '', (w) => ({ params: { owner: w.alice.login, repo: REPO }, auth: w.bob.basic })],
  ['userCurrentCheckStarring', '', (w) => ({ params: { owner: w.alice.login, repo: REPO }, auth: w.bob.basic })],
  ['userCurrentListStarred', '', (w) => ({ auth: w.bob.basic })],
  ['userListStarred', '', (w) => ({ params: { username: w.bob.login } })],
  ['repoListStargazers', '', (w) => ({ params: { owner: w.alice.login, repo: REPO } })],
  ['userCurrentDeleteStar', '', (w) => ({ params: { owner: w.alice.login, repo: REPO }, auth: w.carol.basic })],
  ['userCurrentPutSubscription', '', (w) => ({ params: { owner: w.alice.login, repo: REPO }, auth: w.bob.basic })],
  ['userCurrentCheckSubscription', '', (w) => ({ params: { owner: w.alice.login, repo: REPO }, auth: w.bob.basic })],
  ['repoListSubscribers', '', (w) => ({ params: { owner: w.alice.login, repo: REPO } })],
  ['userCurrentListSubscriptions', '', (w) => ({ auth: w.bob.basic })],
  ['userListSubscriptions', '', (w) => ({ params: { username: w.bob.login } })],
  ['userCurrentDeleteSubscription', '', (w) => ({ params: { owner: w.alice.login, repo: REPO }, auth: w.carol.basic })],
  ['userCurrentPutFollow', '', (w) => ({ params: { username: w.alice.login }, auth: w.bob.basic })],
  ['userCurrentCheckFollowing', '', (w) => ({ params: { username: w.alice.login }, auth: w.bob.basic })],
  ['userCurrentListFollowers', '', (w) => ({ auth: w.alice.basic })],
  ['userCurrentListFollowing', '', (w) => ({ auth: w.bob.basic })],
  ['userListFollowers', '', (w) => ({ params: { username: w.alice.login } })],
  ['userListFollowing', '', (w) => ({ params: { username: w.bob.login } })],
  ['userCheckFollowing', '', (w) => ({ params: { username: w.bob.login, target: w.alice.login } })],
  ['issueCreateLabel', '', (w) => ({
    params: { owner: w.alice.login, repo: REPO },
    body: { name: 'kind/bug', color: '#ee0701', exclusive: true },
    auth: w.alice.basic,
    then: (res) => (w.made.repoLabel = res.body.id),
  })],
  ['issueListLabels', '', (w) => ({ params: { owner: w.alice.login, repo: REPO } })],
  ['issueGetLabel', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, id: w.made.repoLabel } })],
  ['issueEditLabel', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, id: w.made.repoLabel }, body: { description: 'broken' }, auth: w.alice.basic })],
  ['orgCreateLabel', '', (w) => ({
    params: { org: w.org.login },
    body: { name: 'shared', color: '00aabb' },
    auth: w.alice.basic,
    then: (res) => (w.made.orgLabel = res.body.id),
  })],
  ['orgListLabels', '', (w) => ({ params: { org: w.org.login } })],
  ['orgGetLabel', '', (w) => ({ params: { org: w.org.login, id: w.made.orgLabel }, auth: w.bob.basic })],
  ['orgEditLabel', '', (w) => ({ params: { org: w.org.login, id: w.made.orgLabel }, body: { is_archived: true }, auth: w.alice.basic })],
  ['userCurrentDeleteFollow', '', (w) => ({ params: { username: w.alice.login }, auth: w.carol.basic })],

  ['issueCreateMilestone', '', (w) => ({ params: { owner: w.alice.login, repo: REPO }, body: { title: 'shapes', due_on: '2030-01-02T03:04:05Z' }, auth: w.alice.basic })],
  ['issueCreateMilestone', 'without a deadline', (w) => ({ params: { owner: w.alice.login, repo: REPO }, body: { title: 'undated' }, auth: w.alice.basic })],
  ['issueGetMilestonesList', '', (w) => ({ params: { owner: w.alice.login, repo: REPO } })],
  ['issueGetMilestone', 'by title', (w) => ({ params: { owner: w.alice.login, repo: REPO, id: 'shapes' } })],
  ['issueEditMilestone', 'closing it', (w) => ({ params: { owner: w.alice.login, repo: REPO, id: 'shapes' }, body: { state: 'closed' }, auth: w.alice.basic })],
  ['issueGetMilestonesList', 'closed ones', (w) => ({ params: { owner: w.alice.login, repo: REPO }, query: { state: 'closed' } })],
  ['issueDeleteMilestone', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, id: 'undated' }, auth: w.alice.basic })],

  ['listForks', '', (w) => ({ params: { owner: w.alice.login, repo: REPO } })],
  ['createFork', '', (w) => ({ params: { owner: w.alice.login, repo: REPO }, body: {}, auth: w.carol.basic })],
  ['repoMergeUpstream', '', (w) => ({ params: { owner: w.bob.login, repo: REPO }, body: { branch: 'main' }, auth: w.bob.basic })],
  ['repoTransfer', 'to someone who must accept', (w) => ({ params: { owner: w.alice.login, repo: 'made-by-api' }, body: { new_owner: w.carol.login }, auth: w.alice.basic })],
  ['repoGet', 'with a pending transfer', (w) => ({ params: { owner: w.alice.login, repo: 'made-by-api' }, auth: w.alice.basic })],
  ['acceptRepoTransfer', '', (w) => ({ params: { owner: w.alice.login, repo: 'made-by-api' }, auth: w.carol.basic })],
  ['repoTransfer', 'at once', (w) => ({ params: { owner: w.alice.login, repo: 'to-org' }, body: { new_owner: w.org.login }, auth: w.alice.basic })],
  ['repoTransfer', 'to be rejected', (w) => ({ params: { owner: w.alice.login, repo: 'to-reject' }, body: { new_owner: w.carol.login }, auth: w.alice.basic })],
  ['rejectRepoTransfer', '', (w) => ({ params: { owner: w.alice.login, repo: 'to-reject' }, auth: w.carol.basic })],

  ['issueCreateIssue', '', (w) => ({ params: { owner: w.alice.login, repo: REPO }, body: { title: 'shaped', body: 'text', assignees: [w.alice.login], due_date: '2030-01-02T00:00:00Z' }, auth: w.alice.basic })],
  ['issueGetIssue', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, index: 1 } })],
  ['issueListIssues', '', (w) => ({ params: { owner: w.alice.login, repo: REPO } })],
  ['issueEditIssue', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, index: 1 }, body: { state: 'closed' }, auth: w.alice.basic })],
  ['issueEditIssueDeadline', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, index: 1 }, body: { due_date: '2031-01-02T00:00:00Z' }, auth: w.alice.basic })],
  ['issueDelete', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, index: 1 }, auth: w.alice.basic })],

  ['userDeleteAccessToken', '', (w) => ({ params: { username: w.alice.login, token: 'shapes-token' }, auth: w.alice.basic })],
  ['adminDeleteUser', '', (w) => ({ params: { username: w.temp }, auth: adminAuth })],
  ['repoDelete', '', (w) => ({ params: { owner: w.alice.login, repo: 'to-reject' }, auth: w.alice.basic })],
  ['issueDeleteLabel', '', (w) => ({ params: { owner: w.alice.login, repo: REPO, id: w.made.repoLabel }, auth: w.alice.basic })],
  ['orgDeleteLabel', '', (w) => ({ params: { org: w.org.login, id: w.made.orgLabel }, auth: w.alice.basic })],
  ['orgDeleteTeam', '', (w) => ({ params: { id: w.made.team }, auth: w.alice.basic })],
  ['orgDeleteMember', '', (w) => ({ params: { org: w.org.login, username: w.bob.login }, auth: w.alice.basic })],
  ['orgDelete', '', (w) => ({ params: { org: w.made.org }, auth: w.alice.basic })],
];

/** A path template filled with the call's values; slashes inside a value (a file path) stay path separators. */
function fill(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    assert.ok(name in params, `no value for {${name}} in ${template}`);
    return String(params[name]).split('/').map(encodeURIComponent).join('/');
  });
}

describe('every response carries every field of the reference schema, like Gitea', { skip: reference ? false : `reference document missing: ${referenceFile}` }, () => {
  const server = useServer();
  const { api } = server;
  const world = {} as World;
  const work = tempDir('graft-shapes-');

  before(async () => {
    world.alice = await createAccount(api);
    world.bob = await createAccount(api);
    world.carol = await createAccount(api);
    world.temp = `temp${process.pid}`;
    world.made = { org: `made${process.pid}`, team: 0, repoLabel: 0, orgLabel: 0 };
    world.org = await createOrg(server, [world.alice]);
    world.devs = await createTeam(server, world.org, { name: 'devs', permission: 'write' });
    await addTeamMember(server, world.alice, world.devs, world.bob);

    // alice/shapes: history by alice (so commits link her account), a feature branch, an annotated and a light tag.
    const { alice, bob } = world;
    world.repoId = (await buildRepo(server, alice, { name: REPO })).id;
    const local = new LocalHistory(path.join(work.dir, REPO));
    const author = { name: 'Alice', email: alice.email };
    local.commit({ message: 'first', date: '2024-01-02T03:04:05Z', author, files: { 'README.md': '# shapes\n', 'docs/guide.md': 'guide\n' } });
    local.run(['tag', 'v0']);
    local.commit({ message: 'second\n\nwith a body', date: '2024-01-03T03:04:05Z', author, files: { 'src/app.js': 'console.log(1);\n' } });
    local.run(['tag', '-a', 'v1', '-m', 'release 1'], { GIT_COMMITTER_DATE: '2024-01-04T00:00:00Z' });
    local.run(['checkout', '-q', '-b', 'feature']);
    local.commit({ message: 'feature work', date: '2024-01-05T03:04:05Z', author, files: { 'src/feature.js': 'export {};\n' } });
    local.run(['checkout', '-q', 'main']);
    await local.push(server.url, alice.login, REPO, [alice.login, alice.password], ['main', 'feature', 'v0', 'v1']);
    world.oids = {
      annotatedTag: local.rev('v1'),
      tree: local.rev('main^{tree}'),
      blob: local.rev('main:README.md'),
      newFile: '',
    };

    // A fork, a collaborator, repositories to transfer and delete.
    assert.equal((await api.post(`/repos/${alice.login}/${REPO}/forks`, {}, bob.basic)).status, 202);
    assert.equal((await api.put(`/repos/${alice.login}/${REPO}/collaborators/${bob.login}`, { permission: 'write' }, alice.basic)).status, 204);
    await buildRepo(server, alice, { name: 'to-org' });
    await buildRepo(server, alice, { name: 'to-reject' });
  });
  after(() => work.remove());

  it('calls every operation of schema/openapi/, so a new operation cannot go unchecked', () => {
    const called = new Set(calls.map(([id]) => id));
    const missing = [...documented.keys()].filter((id) => !called.has(id));
    assert.deepEqual(missing, [], 'operations of schema/openapi/ without a call in this test');
    const unknown = [...called].filter((id) => !documented.has(id));
    assert.deepEqual(unknown, [], 'calls to operations that schema/openapi/ does not have');
  });

  for (const [operationId, title, make] of calls) {
    it(`${operationId}${title ? ` (${title})` : ''} answers a success with the reference fields`, async () => {
      const op = documented.get(operationId);
      assert.ok(op, `${operationId} is not in schema/openapi/`);
      const call = make(world);
      const url = new URL(`http://x${fill(op.path, call.params)}`);
      for (const [k, v] of Object.entries(call.query ?? {})) url.searchParams.set(k, v);
      const res = await api.request(op.method.toUpperCase(), `${url.pathname}${url.search}`, { auth: call.auth, body: call.body });

      const successes = Object.keys(op.operation.responses).filter((code) => /^2\d\d$/.test(code));
      assert.ok(successes.includes(String(res.status)), `${op.method.toUpperCase()} ${url.pathname}: ${res.status} ${JSON.stringify(res.body)}`);
      call.then?.(res);
      if (NON_JSON.has(operationId) || res.status === 204) return;

      // An operation Gitea lacks (an extension) is held to our own document instead.
      const referenceOp = referenceByRoute.get(`${op.method} ${pathTemplate(op.path)}`);
      const [doc, responses] = referenceOp ? [reference!, referenceOp.operation.responses] : [ours, op.operation.responses];
      const status = responses[res.status] ? String(res.status) : Object.keys(responses).filter((c) => /^2\d\d$/.test(c)).sort()[0];
      const schema = bodySchema(doc, responses[status]);
      assert.ok(schema, `no body schema for ${operationId} ${status}`);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      assert.deepEqual(shapeProblems(doc, schema, res.body), []);
    });
  }
});

describe('the response shape checker', () => {
  const doc: OpenApiLike = {
    paths: {},
    components: {
      schemas: {
        Kind: { type: 'string', enum: ['a', 'b'] },
        Inner: { type: 'object', properties: { n: { type: 'integer' } } },
        Outer: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            when: { type: 'string', format: 'date-time' },
            ratio: { type: 'number' },
            on: { type: 'boolean' },
            kind: { allOf: [{ $ref: '#/components/schemas/Kind' }] },
            tags: { type: 'array', items: { type: 'string' } },
            inner: { $ref: '#/components/schemas/Inner' },
            list: { type: 'array', items: { $ref: '#/components/schemas/Inner' } },
            levels: { type: 'object', additionalProperties: { type: 'string' } },
            anything: {},
          },
        },
      },
    },
  };
  const schema = { $ref: '#/components/schemas/Outer' };
  const good = () => ({
    name: 'x', when: '0001-01-01T00:00:00Z', ratio: 0.5, on: false, kind: 'a', tags: [], inner: { n: 1 },
    list: [{ n: 2 }], levels: { 'repo.code': 'read' }, anything: null, extra: 'ours',
  });

  it('accepts a body with every property of the right type, extra properties and untyped nulls included', () => {
    assert.deepEqual(shapeProblems(doc, schema, good()), []);
  });

  it('reports missing properties and wrong types, in nested objects, array items and map values', () => {
    const body: any = good();
    delete body.name;
    body.ratio = '0.5';
    body.kind = 1;
    body.inner = { n: 1.5 };
    body.list = [{}];
    body.levels = { 'repo.code': 2 };
    body.tags = 'a,b';
    assert.deepEqual(shapeProblems(doc, schema, body), [
      'body.name is missing',
      'body.ratio is string, not number',
      'body.kind is number, not string',
      'body.tags is string, not array',
      'body.inner.n is number 1.5, not integer',
      'body.list[0].n is missing',
      'body.levels["repo.code"] is number, not string',
    ]);
  });

  it('accepts null only where Gitea has a pointer, and times only in RFC 3339', () => {
    const body: any = { ...good(), inner: null, tags: null, when: '2024-01-02 03:04:05' };
    assert.deepEqual(shapeProblems(doc, schema, body, 'body', new Set(['Outer.inner'])), [
      'body.when is "2024-01-02 03:04:05", not an RFC 3339 time',
      "body.tags is null, but Gitea's field is no pointer: it sends the zero value",
    ]);
    assert.deepEqual(shapeProblems(doc, schema, { ...body, tags: [], when: '2024-01-02T03:04:05+01:00' }, 'body', new Set(['Outer.inner'])), []);
  });
});
