import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, giteaClient, type ClientAccount, type GiteaClient } from '../testkit/gitea-js.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { ANNOTATED_TAG, BRANCH, PAYLOAD_COMMIT, REFERENCE, TAG } from '../testkit/gitea-js-fields/branch.ts';
import { COMMIT, COMMIT_META, COMMIT_USER, GIT_BLOB, GIT_ENTRY, GIT_TREE, REPO_COMMIT } from '../testkit/gitea-js-fields/commit.ts';
import { CONTENTS, FILE_COMMIT, FILE_LINKS, FILE_RESPONSE } from '../testkit/gitea-js-fields/contents.ts';
import { PERMISSION, REPOSITORY, TOPIC_NAME } from '../testkit/gitea-js-fields/repo.ts';
import { USER } from '../testkit/gitea-js-fields/user.ts';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const unb64 = (text: string | undefined) => Buffer.from(text ?? '', 'base64').toString('utf8');
const OID = /^[0-9a-f]{40}$/;

/** gitea-js against Graft: repositories, their branches, tags, commits, git data and files. */
describe('gitea-js: repositories, contents and git data', () => {
  const server = useServer();
  let admin: GiteaClient;
  let owner: ClientAccount;
  let other: ClientAccount;
  let counter = 0;
  const uniqueName = (prefix: string) => `${prefix}-${++counter}`;

  before(async () => {
    admin = await clientFor(server, ADMIN);
    [owner, other] = await Promise.all([createClientAccount(server, admin), createClientAccount(server, admin)]);
  });

  describe('repositories', () => {
    it('createCurrentUserRepo answers the repository with every field the client types', async () => {
      const name = uniqueName('fresh');
      const created = await owner.api.user.createCurrentUserRepo({ name, description: 'a fresh start', auto_init: true, default_branch: 'main', readme: 'Default' });
      assert.equal(created.status, 201);
      const repo = created.data;
      assertTypedFields(repo, REPOSITORY, 'Repository');
      assertTypedFields(repo.owner, USER, 'Repository.owner');
      assert.equal(repo.full_name, `${owner.login}/${name}`);
      assert.equal(repo.name, name);
      assert.equal(repo.owner?.login, owner.login);
      assert.equal(repo.description, 'a fresh start');
      assert.equal(repo.default_branch, 'main');
      assert.equal(repo.empty, false);
      assert.equal(repo.private, false);
      assert.equal(repo.fork, false);
      assert.equal(repo.object_format_name, 'sha1');
      assert.ok(repo.clone_url?.endsWith(`/${owner.login}/${name}.git`), repo.clone_url);
      assertTypedFields(repo.permissions, PERMISSION, 'Permission');
      assert.deepEqual(repo.permissions, { admin: true, push: true, pull: true });
    });

    it('repository times come in Gitea\'s form: RFC 3339 to the whole second', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      for (const time of [repo.body.created_at, repo.body.updated_at]) assert.match(time ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$/);
    });

    it('createCurrentUserRepo refuses a taken name with 409', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      const res = await failure(owner.api.user.createCurrentUserRepo({ name: repo.name }));
      assert.equal(res.status, 409);
    });

    it('repoGet and repoGetById find the same repository', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      const byName = await giteaClient(server).repos.repoGet(owner.login, repo.name);
      assertTypedFields(byName.data, REPOSITORY, 'Repository');
      assert.equal(byName.data.id, repo.id);
      const byId = await giteaClient(server).repositories.repoGetById(repo.id);
      assert.equal(byId.data.full_name, repo.fullName);
    });

    it('a private repository is a 404 to others and visible to its owner', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true, private: true });
      assert.equal((await failure(other.api.repos.repoGet(owner.login, repo.name))).status, 404);
      assert.equal((await failure(giteaClient(server).repos.repoGet(owner.login, repo.name))).status, 404);
      assert.equal((await owner.api.repos.repoGet(owner.login, repo.name)).data.private, true);
    });

    it('repoEdit changes what it sends and keeps the rest', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true, description: 'before' });
      const res = await owner.api.repos.repoEdit(owner.login, repo.name, { description: 'after', website: 'https://project.example.test', has_wiki: false });
      assert.equal(res.status, 200);
      assertTypedFields(res.data, REPOSITORY, 'Repository');
      assert.equal(res.data.description, 'after');
      assert.equal(res.data.website, 'https://project.example.test');
      assert.equal(res.data.has_wiki, false);
      assert.equal(res.data.has_issues, repo.body.has_issues);
      assert.equal(res.data.private, false);
    });

    it('repoEdit renames a repository', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      const name = uniqueName('renamed');
      const res = await owner.api.repos.repoEdit(owner.login, repo.name, { name });
      assert.equal(res.data.full_name, `${owner.login}/${name}`);
      assert.equal((await owner.api.repos.repoGet(owner.login, name)).data.id, repo.id);
    });

    it('repoEdit by someone without admin access rejects with 403', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      assert.equal((await failure(other.api.repos.repoEdit(owner.login, repo.name, { description: 'mine' }))).status, 403);
    });

    it('repoSearch answers Gitea\'s { ok, data } envelope with a total count', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true, name: uniqueName('needle') });
      const res = await giteaClient(server).repos.repoSearch({ q: repo.name, limit: 10 });
      assert.equal(res.status, 200);
      assert.equal(res.data.ok, true);
      assert.deepEqual(res.data.data?.map((r) => r.full_name), [repo.fullName]);
      assertTypedFields(res.data.data?.[0], REPOSITORY, 'Repository');
      assert.equal(res.headers.get('x-total-count'), '1');
    });

    it('userCurrentListRepos lists the caller\'s repositories and userListRepos another account\'s public ones', async () => {
      const shown = await buildRepo(server, owner, { autoInit: true });
      const hidden = await buildRepo(server, owner, { autoInit: true, private: true });
      const mine = (await owner.api.user.userCurrentListRepos({ limit: 50 })).data.map((r) => r.name);
      assert.ok(mine.includes(shown.name) && mine.includes(hidden.name));
      const theirs = (await other.api.users.userListRepos(owner.login, { limit: 50 })).data.map((r) => r.name);
      assert.ok(theirs.includes(shown.name));
      assert.ok(!theirs.includes(hidden.name));
    });

    it('topics are replaced, added, listed and removed, and show on the repository', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      assert.equal((await owner.api.repos.repoUpdateTopics(owner.login, repo.name, { topics: ['git', 'forge'] })).status, 204);
      assert.equal((await owner.api.repos.repoAddTopic(owner.login, repo.name, 'typescript')).status, 204);
      const listed = await giteaClient(server).repos.repoListTopics(owner.login, repo.name);
      assertTypedFields(listed.data, TOPIC_NAME, 'TopicName');
      assert.deepEqual([...(listed.data.topics ?? [])].sort(), ['forge', 'git', 'typescript']);
      assert.equal((await owner.api.repos.repoDeleteTopic(owner.login, repo.name, 'git')).status, 204);
      const got = await owner.api.repos.repoGet(owner.login, repo.name);
      assert.deepEqual([...(got.data.topics ?? [])].sort(), ['forge', 'typescript']);
    });

    it('repoGetLanguages reports bytes per language', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      await owner.api.repos.repoChangeFiles(owner.login, repo.name, {
        message: 'add code',
        files: [
          { operation: 'create', path: 'main.go', content: b64('package main\n\nfunc main() {}\n') },
          { operation: 'create', path: 'src/app.ts', content: b64('export const answer = 42;\n') },
        ],
      });
      const res = await giteaClient(server).repos.repoGetLanguages(owner.login, repo.name);
      assert.equal(res.status, 200);
      assert.equal(res.data.Go, 'package main\n\nfunc main() {}\n'.length);
      assert.equal(res.data.TypeScript, 'export const answer = 42;\n'.length);
    });

    it('createFork makes a fork whose parent is the source, and listForks lists it', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      const fork = await other.api.repos.createFork(owner.login, repo.name, {});
      assert.equal(fork.status, 202);
      assertTypedFields(fork.data, REPOSITORY, 'Repository');
      assert.equal(fork.data.full_name, `${other.login}/${repo.name}`);
      assert.equal(fork.data.fork, true);
      assert.equal(fork.data.parent?.full_name, repo.fullName);
      const forks = await giteaClient(server).repos.listForks(owner.login, repo.name);
      assert.deepEqual(forks.data.map((r) => r.full_name), [fork.data.full_name]);
      assert.equal((await owner.api.repos.repoGet(owner.login, repo.name)).data.forks_count, 1);
    });

    it('repoTransfer to another account waits for them; acceptRepoTransfer moves the repository', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      const offered = await owner.api.repos.repoTransfer(owner.login, repo.name, { new_owner: other.login });
      assert.equal(offered.status, 201);
      assert.equal(offered.data.full_name, repo.fullName);
      const accepted = await other.api.repos.acceptRepoTransfer(owner.login, repo.name);
      assert.equal(accepted.status, 202);
      assert.equal(accepted.data.full_name, `${other.login}/${repo.name}`);
      assert.equal((await other.api.repos.repoGet(other.login, repo.name)).data.id, repo.id);
    });

    it('a repository with a pending transfer shows it in repo_transfer: who offered it and to whom', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      const offered = await owner.api.repos.repoTransfer(owner.login, repo.name, { new_owner: other.login });
      assert.equal(offered.data.repo_transfer?.doer?.login, owner.login);
      assert.equal(offered.data.repo_transfer?.recipient?.login, other.login);
      const pending = await owner.api.repos.repoGet(owner.login, repo.name);
      assert.equal(pending.data.repo_transfer?.recipient?.login, other.login);
      await other.api.repos.rejectRepoTransfer(owner.login, repo.name);
      // Gitea's field is a pointer without omitempty: null once nothing is pending.
      assert.equal((await owner.api.repos.repoGet(owner.login, repo.name)).data.repo_transfer, null);
    });

    it('rejectRepoTransfer leaves the repository where it was', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      await owner.api.repos.repoTransfer(owner.login, repo.name, { new_owner: other.login });
      const rejected = await other.api.repos.rejectRepoTransfer(owner.login, repo.name);
      assert.equal(rejected.status, 200);
      assert.equal((await owner.api.repos.repoGet(owner.login, repo.name)).data.owner?.login, owner.login);
    });

    it('repoDelete removes the repository, after which repoGet rejects with 404', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      assert.equal((await owner.api.repos.repoDelete(owner.login, repo.name)).status, 204);
      assert.equal((await failure(owner.api.repos.repoGet(owner.login, repo.name))).status, 404);
    });

    it('repoGetArchive downloads a zip of a branch', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      const res = await giteaClient(server).repos.repoGetArchive(owner.login, repo.name, 'main.zip', { format: 'arrayBuffer' });
      assert.equal(res.status, 200);
      const bytes = Buffer.from(res.data as unknown as ArrayBuffer);
      assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK');
    });
  });

  describe('contents', () => {
    it('repoCreateFile commits a new file and answers its content and commit with the client\'s fields', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      const res = await owner.api.repos.repoCreateFile(owner.login, repo.name, 'docs/guide.md', {
        content: b64('# Guide\n'),
        message: 'add the guide',
        author: { name: 'Ada', email: 'ada@example.test' },
      });
      assert.equal(res.status, 201);
      assertTypedFields(res.data, FILE_RESPONSE, 'FileResponse');
      assertTypedFields(res.data.content, CONTENTS, 'ContentsResponse');
      assertTypedFields(res.data.content?._links, FILE_LINKS, 'FileLinksResponse');
      assertTypedFields(res.data.commit, FILE_COMMIT, 'FileCommitResponse');
      assertTypedFields(res.data.commit?.author, COMMIT_USER, 'CommitUser');
      assert.equal(res.data.content?.path, 'docs/guide.md');
      assert.equal(res.data.content?.name, 'guide.md');
      assert.equal(res.data.content?.type, 'file');
      assert.match(res.data.content?.sha ?? '', OID);
      assert.equal(res.data.commit?.message, 'add the guide\n');
      assert.equal(res.data.commit?.author?.name, 'Ada');
      assert.equal(res.data.commit?.author?.email, 'ada@example.test');
      assert.equal(res.data.commit?.parents?.length, 1);
    });

    it('repoGetContents round-trips the file content through base64', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      const text = 'line one\nline two – with ünïcödé\n';
      const created = await owner.api.repos.repoCreateFile(owner.login, repo.name, 'notes.txt', { content: b64(text) });
      const got = await giteaClient(server).repos.repoGetContents(owner.login, repo.name, 'notes.txt');
      assertTypedFields(got.data, CONTENTS, 'ContentsResponse');
      assert.equal(got.data.encoding, 'base64');
      assert.equal(unb64(got.data.content), text);
      assert.equal(got.data.sha, created.data.content?.sha);
      assert.equal(got.data.size, Buffer.byteLength(text));
      assert.equal(got.data.last_commit_sha, created.data.commit?.sha);
    });

    it('repoGetContentsList lists the root directory, files and folders', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      await owner.api.repos.repoCreateFile(owner.login, repo.name, 'src/index.ts', { content: b64('export {};\n') });
      const res = await giteaClient(server).repos.repoGetContentsList(owner.login, repo.name);
      assert.deepEqual(res.data.map((e) => [e.name, e.type]), [['README.md', 'file'], ['src', 'dir']]);
      for (const entry of res.data) assertTypedFields(entry, CONTENTS, 'ContentsResponse');
      assert.equal(res.data[0].content ?? null, null);
    });

    it('repoUpdateFile replaces a file given its current sha', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      const created = await owner.api.repos.repoCreateFile(owner.login, repo.name, 'config.json', { content: b64('{"v":1}\n') });
      const res = await owner.api.repos.repoUpdateFile(owner.login, repo.name, 'config.json', {
        content: b64('{"v":2}\n'),
        sha: created.data.content!.sha!,
        message: 'bump v',
      });
      assert.equal(res.status, 200);
      assertTypedFields(res.data.content, CONTENTS, 'ContentsResponse');
      assert.notEqual(res.data.content?.sha, created.data.content?.sha);
      assert.equal(res.data.commit?.parents?.[0]?.sha, created.data.commit?.sha);
      const got = await owner.api.repos.repoGetContents(owner.login, repo.name, 'config.json');
      assert.equal(unb64(got.data.content), '{"v":2}\n');
    });

    it('repoUpdateFile moves a file with from_path', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      const created = await owner.api.repos.repoCreateFile(owner.login, repo.name, 'old-name.txt', { content: b64('same\n') });
      const res = await owner.api.repos.repoUpdateFile(owner.login, repo.name, 'new-name.txt', {
        content: b64('same\n'),
        sha: created.data.content!.sha!,
        from_path: 'old-name.txt',
      });
      assert.equal(res.data.content?.path, 'new-name.txt');
      assert.equal((await failure(owner.api.repos.repoGetContents(owner.login, repo.name, 'old-name.txt'))).status, 404);
    });

    it('repoDeleteFile removes a file and answers a null content', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      const created = await owner.api.repos.repoCreateFile(owner.login, repo.name, 'doomed.txt', { content: b64('bye\n') });
      const res = await owner.api.repos.repoDeleteFile(owner.login, repo.name, 'doomed.txt', { sha: created.data.content!.sha!, message: 'remove it' });
      assert.equal(res.status, 200);
      assert.equal(res.data.content, null);
      assertTypedFields(res.data.commit, FILE_COMMIT, 'FileCommitResponse');
      assert.equal(res.data.commit?.message, 'remove it\n');
      assert.equal((await failure(owner.api.repos.repoGetContents(owner.login, repo.name, 'doomed.txt'))).status, 404);
    });

    it('repoChangeFiles creates, updates and deletes files in one commit, on a new branch', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      const keep = await owner.api.repos.repoCreateFile(owner.login, repo.name, 'keep.txt', { content: b64('v1\n') });
      const drop = await owner.api.repos.repoCreateFile(owner.login, repo.name, 'drop.txt', { content: b64('x\n') });
      const res = await owner.api.repos.repoChangeFiles(owner.login, repo.name, {
        message: 'several at once',
        branch: 'main',
        new_branch: 'batch',
        files: [
          { operation: 'create', path: 'added.txt', content: b64('new\n') },
          { operation: 'update', path: 'keep.txt', content: b64('v2\n'), sha: keep.data.content!.sha! },
          { operation: 'delete', path: 'drop.txt', sha: drop.data.content!.sha! },
        ],
      });
      assert.equal(res.status, 201);
      assertTypedFields(res.data.commit, FILE_COMMIT, 'FileCommitResponse');
      assert.deepEqual(res.data.files?.map((f) => f?.path ?? null), ['added.txt', 'keep.txt', null]);
      const changed = await owner.api.repos.repoGetContents(owner.login, repo.name, 'keep.txt', { ref: 'batch' });
      assert.equal(unb64(changed.data.content), 'v2\n');
      const untouched = await owner.api.repos.repoGetContents(owner.login, repo.name, 'keep.txt', { ref: 'main' });
      assert.equal(unb64(untouched.data.content), 'v1\n');
    });

    it('repoGetRawFile and repoGetRawFileOrLfs answer the file\'s bytes (gitea-js needs a non-JSON format for them)', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      const text = 'raw bytes\n';
      await owner.api.repos.repoCreateFile(owner.login, repo.name, 'raw.txt', { content: b64(text) });
      const raw = await giteaClient(server).repos.repoGetRawFile(owner.login, repo.name, 'raw.txt', {}, { format: 'blob' });
      assert.equal(await raw.data.text(), text);
      const media = await giteaClient(server).repos.repoGetRawFileOrLfs(owner.login, repo.name, 'raw.txt', { ref: 'main' }, { format: 'blob' });
      assert.equal(await media.data.text(), text);
    });

    it('repoCreateFile over an existing path rejects with 422, and without write access with 403', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      assert.equal((await failure(owner.api.repos.repoCreateFile(owner.login, repo.name, 'README.md', { content: b64('again\n') }))).status, 422);
      assert.equal((await failure(other.api.repos.repoCreateFile(owner.login, repo.name, 'intruder.txt', { content: b64('hi\n') }))).status, 403);
    });
  });

  describe('branches', () => {
    it('repoListBranches and repoGetBranch show the branch and its head commit with the client\'s fields', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      const listed = await giteaClient(server).repos.repoListBranches(owner.login, repo.name);
      assert.deepEqual(listed.data.map((b) => b.name), ['main']);
      assertTypedFields(listed.data[0], BRANCH, 'Branch');
      assertTypedFields(listed.data[0].commit, PAYLOAD_COMMIT, 'PayloadCommit');
      const got = await owner.api.repos.repoGetBranch(owner.login, repo.name, 'main');
      assertTypedFields(got.data, BRANCH, 'Branch');
      assert.match(got.data.commit?.id ?? '', OID);
      assert.equal(got.data.protected, false);
      assert.equal(got.data.user_can_push, true);
    });

    it('repoCreateBranch branches off another branch at its head', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      const main = await owner.api.repos.repoGetBranch(owner.login, repo.name, 'main');
      const res = await owner.api.repos.repoCreateBranch(owner.login, repo.name, { new_branch_name: 'feature/x', old_ref_name: 'main' });
      assert.equal(res.status, 201);
      assertTypedFields(res.data, BRANCH, 'Branch');
      assert.equal(res.data.name, 'feature/x');
      assert.equal(res.data.commit?.id, main.data.commit?.id);
      const names = (await owner.api.repos.repoListBranches(owner.login, repo.name)).data.map((b) => b.name);
      assert.deepEqual([...names].sort(), ['feature/x', 'main']);
    });

    it('repoCreateBranch refuses a taken name with 409', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      assert.equal((await failure(owner.api.repos.repoCreateBranch(owner.login, repo.name, { new_branch_name: 'main' }))).status, 409);
    });

    it('repoUpdateBranch renames a branch', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      await owner.api.repos.repoCreateBranch(owner.login, repo.name, { new_branch_name: 'draft' });
      const res = await owner.api.repos.repoUpdateBranch(owner.login, repo.name, 'draft', { name: 'final' });
      assert.equal(res.status, 204);
      assert.equal((await owner.api.repos.repoGetBranch(owner.login, repo.name, 'final')).data.name, 'final');
      assert.equal((await failure(owner.api.repos.repoGetBranch(owner.login, repo.name, 'draft'))).status, 404);
    });

    it('repoDeleteBranch deletes a branch but never the default one', async () => {
      const repo = await buildRepo(server, owner, { autoInit: true });
      await owner.api.repos.repoCreateBranch(owner.login, repo.name, { new_branch_name: 'temp' });
      assert.equal((await owner.api.repos.repoDeleteBranch(owner.login, repo.name, 'temp')).status, 204);
      assert.equal((await failure(owner.api.repos.repoGetBranch(owner.login, repo.name, 'temp'))).status, 404);
      assert.equal((await failure(owner.api.repos.repoDeleteBranch(owner.login, repo.name, 'main'))).status, 403);
    });
  });

  describe('commits, tags and git data', () => {
    /** A repository with two commits after the initial one: the newest changes hello.txt. */
    async function repoWithHistory() {
      const repo = await buildRepo(server, owner, { autoInit: true });
      const first = await owner.api.repos.repoCreateFile(owner.login, repo.name, 'hello.txt', { content: b64('hello\n'), message: 'say hello' });
      const second = await owner.api.repos.repoUpdateFile(owner.login, repo.name, 'hello.txt', {
        content: b64('hello, world\n'),
        sha: first.data.content!.sha!,
        message: 'say more',
      });
      return { repo, first: first.data.commit!, second: second.data.commit! };
    }

    it('repoGetAllCommits lists commits newest first with the client\'s fields', async () => {
      const { repo, first, second } = await repoWithHistory();
      const res = await giteaClient(server).repos.repoGetAllCommits(owner.login, repo.name, { sha: 'main', limit: 10 });
      assert.equal(res.status, 200);
      assert.deepEqual(res.data.slice(0, 2).map((c) => c.sha), [second.sha, first.sha]);
      assert.equal(res.data.length, 3);
      assertTypedFields(res.data[0], COMMIT, 'Commit');
      assertTypedFields(res.data[0].commit, REPO_COMMIT, 'RepoCommit');
      assertTypedFields(res.data[0].commit?.tree, COMMIT_META, 'CommitMeta');
      assert.equal(res.data[0].commit?.message, 'say more\n');
      assert.equal(res.data[0].parents?.[0]?.sha, first.sha);
      assert.equal(res.data[0].author?.login, owner.login);
      assert.equal(res.headers.get('x-total-count'), '3');
    });

    it('repoGetAllCommits filters by path', async () => {
      const { repo, first, second } = await repoWithHistory();
      const res = await owner.api.repos.repoGetAllCommits(owner.login, repo.name, { path: 'hello.txt' });
      assert.deepEqual(res.data.map((c) => c.sha), [second.sha, first.sha]);
    });

    it('repoGetSingleCommit returns one commit with its stats and files', async () => {
      const { repo, second } = await repoWithHistory();
      const res = await owner.api.repos.repoGetSingleCommit(owner.login, repo.name, second.sha!);
      assertTypedFields(res.data, COMMIT, 'Commit');
      assert.equal(res.data.sha, second.sha);
      assert.deepEqual(res.data.files, [{ filename: 'hello.txt', status: 'modified' }]);
      assert.deepEqual([res.data.stats?.total, res.data.stats?.additions, res.data.stats?.deletions], [2, 1, 1]);
    });

    it('repoDownloadCommitDiffOrPatch answers the diff as text', async () => {
      const { repo, second } = await repoWithHistory();
      const res = await owner.api.repos.repoDownloadCommitDiffOrPatch(owner.login, repo.name, second.sha!, 'diff', { format: 'text' });
      assert.match(res.data, /^diff --git a\/hello\.txt b\/hello\.txt$/m);
      assert.match(res.data, /^-hello$/m);
      assert.match(res.data, /^\+hello, world$/m);
    });

    it('repoCompareDiff lists the commits between two revisions', async () => {
      const { repo, first, second } = await repoWithHistory();
      const res = await owner.api.repos.repoCompareDiff(owner.login, repo.name, `${first.sha}...${second.sha}`);
      assert.equal(res.data.total_commits, 1);
      assert.deepEqual(res.data.commits?.map((c) => c.sha), [second.sha]);
    });

    it('getTree and getBlob read git objects, and the blob round-trips through base64', async () => {
      const { repo, second } = await repoWithHistory();
      const tree = await giteaClient(server).repos.getTree(owner.login, repo.name, second.sha!, { recursive: true });
      assertTypedFields(tree.data, GIT_TREE, 'GitTreeResponse');
      assert.equal(tree.data.sha, second.tree?.sha);
      assert.equal(tree.data.truncated, false);
      const entry = tree.data.tree?.find((e) => e.path === 'hello.txt');
      assertTypedFields(entry, GIT_ENTRY, 'GitEntry');
      assert.equal(entry?.type, 'blob');
      assert.equal(entry?.mode, '100644');
      const blob = await giteaClient(server).repos.getBlob(owner.login, repo.name, entry!.sha!);
      assertTypedFields(blob.data, GIT_BLOB, 'GitBlobResponse');
      assert.equal(blob.data.encoding, 'base64');
      assert.equal(unb64(blob.data.content), 'hello, world\n');
      assert.equal(blob.data.size, 'hello, world\n'.length);
    });

    it('repoListAllGitRefs and repoListGitRefs list refs with their objects', async () => {
      const { repo, second } = await repoWithHistory();
      const all = await owner.api.repos.repoListAllGitRefs(owner.login, repo.name);
      const main = all.data.find((r) => r.ref === 'refs/heads/main');
      assertTypedFields(main, REFERENCE, 'Reference');
      assert.equal(main?.object?.sha, second.sha);
      assert.equal(main?.object?.type, 'commit');
      const heads = await owner.api.repos.repoListGitRefs(owner.login, repo.name, 'heads');
      assert.deepEqual(heads.data.map((r) => r.ref), ['refs/heads/main']);
    });

    it('repoCreateTag makes an annotated tag that repoGetTag, repoListTags and getAnnotatedTag read back', async () => {
      const { repo, second } = await repoWithHistory();
      const created = await owner.api.repos.repoCreateTag(owner.login, repo.name, { tag_name: 'v1.0.0', message: 'first release', target: 'main' });
      assert.equal(created.status, 201);
      assertTypedFields(created.data, TAG, 'Tag');
      assert.equal(created.data.name, 'v1.0.0');
      assert.equal(created.data.commit?.sha, second.sha);
      assert.equal(created.data.message?.trim(), 'first release');
      assert.ok(created.data.zipball_url?.endsWith('/archive/v1.0.0.zip'), created.data.zipball_url);
      const got = await giteaClient(server).repos.repoGetTag(owner.login, repo.name, 'v1.0.0');
      assert.equal(got.data.id, created.data.id);
      const listed = await giteaClient(server).repos.repoListTags(owner.login, repo.name);
      assert.deepEqual(listed.data.map((t) => t.name), ['v1.0.0']);
      const annotated = await giteaClient(server).repos.getAnnotatedTag(owner.login, repo.name, created.data.id!);
      assertTypedFields(annotated.data, ANNOTATED_TAG, 'AnnotatedTag');
      assert.equal(annotated.data.tag, 'v1.0.0');
      assert.equal(annotated.data.object?.sha, second.sha);
      assert.equal(annotated.data.object?.type, 'commit');
      assert.equal(annotated.data.tagger?.name, owner.login);
    });

    it('repoDeleteTag deletes a tag', async () => {
      const { repo } = await repoWithHistory();
      await owner.api.repos.repoCreateTag(owner.login, repo.name, { tag_name: 'gone' });
      assert.equal((await owner.api.repos.repoDeleteTag(owner.login, repo.name, 'gone')).status, 204);
      assert.equal((await failure(owner.api.repos.repoGetTag(owner.login, repo.name, 'gone'))).status, 404);
    });
  });
});
