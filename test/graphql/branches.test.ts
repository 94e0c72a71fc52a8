import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount, createToken, type TestAccount } from '../testkit/accounts.ts';
import { adminAuth, graphql, type Auth } from '../testkit/client.ts';
import { gitAsync, gitLocal, remoteUrl } from '../testkit/git.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

const BRANCH_FIELDS = `name oid isDefault protected viewerCanPush viewerCanMerge
  commit { oid message parentOids author { name email date user { login } } committer { name email } verification { verified reason signature payload } }`;

describe('branches, tags and refs in GraphQL', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let stranger: TestAccount;

  const gql = (query: string, variables: Record<string, unknown> = {}, auth: Auth = owner.basic) => graphql(server.url, query, variables, auth);
  const code = (res: { errors?: { extensions?: { code?: string } }[] }) => res.errors?.[0]?.extensions?.code;

  before(async () => {
    owner = await createAccount(api);
    stranger = await createAccount(api);
    for (const name of ['g1', 'g256']) await buildRepo(server, owner, { name, autoInit: true, objectFormat: name === 'g256' ? 'sha256' : 'sha1' });
    await buildRepo(server, owner, { name: 'nothing' });
  });

  const createBranch = (input: Record<string, unknown>, repo = 'g1', auth: Auth = owner.basic) =>
    gql(`mutation($o: String!, $n: String!, $i: CreateBranchInput!) { createBranch(owner: $o, name: $n, input: $i) { ${BRANCH_FIELDS} } }`, { o: owner.login, n: repo, i: input }, auth);

  it('creates branches and lists them as a connection with totalCount, head commits and their authors', async () => {
    for (const name of ['dev', 'docs/intro', 'release']) {
      const res = await createBranch({ newBranchName: name });
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
      assert.equal(res.data.createBranch.name, name);
      assert.equal(res.data.createBranch.isDefault, false);
    }
    const res = await gql(`query($o: String!) { repository(owner: $o, name: "g1") { branchCount isEmpty branches(first: 10) { totalCount nodes { ${BRANCH_FIELDS} } } } }`, { o: owner.login });
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const repo = res.data.repository;
    assert.equal(repo.branchCount, 4);
    assert.equal(repo.isEmpty, false);
    assert.equal(repo.branches.totalCount, 4);
    // Same head commit everywhere: ties on the commit date fall back to the name.
    assert.deepEqual(repo.branches.nodes.map((b: { name: string }) => b.name), ['dev', 'docs/intro', 'main', 'release']);
    const main = repo.branches.nodes.find((b: { name: string }) => b.name === 'main');
    assert.equal(main.isDefault, true);
    assert.equal(main.protected, false);
    assert.equal(main.viewerCanPush, true);
    assert.equal(main.commit.message, 'Initial commit\n');
    assert.deepEqual(main.commit.parentOids, []);
    assert.equal(main.commit.author.email, owner.email);
    assert.equal(main.commit.author.user.login, owner.login);
    assert.deepEqual(main.commit.verification, { verified: false, reason: 'gpg.error.not_signed_commit', signature: '', payload: '' });
  });

  it('pages branches with first/after and filters them by a name fragment', async () => {
    const query = `query($o: String!, $after: String) { repository(owner: $o, name: "g1") { branches(first: 2, after: $after) { totalCount nodes { name } pageInfo { hasNextPage endCursor } } } }`;
    const first = await gql(query, { o: owner.login });
    assert.equal(first.errors, undefined, JSON.stringify(first.errors));
    assert.deepEqual(first.data.repository.branches.nodes.map((b: { name: string }) => b.name), ['dev', 'docs/intro']);
    assert.equal(first.data.repository.branches.pageInfo.hasNextPage, true);
    const page = await gql(query, { o: owner.login, after: first.data.repository.branches.pageInfo.endCursor });
    assert.equal(page.data.repository.branches.totalCount, 4);
    assert.deepEqual(page.data.repository.branches.nodes.map((b: { name: string }) => b.name), ['main', 'release']);
    assert.equal(page.data.repository.branches.pageInfo.hasNextPage, false);
    const filtered = await gql(`query($o: String!) { repository(owner: $o, name: "g1") { branches(query: "DOC") { totalCount nodes { name } } } }`, { o: owner.login });
    assert.deepEqual(filtered.data.repository.branches.nodes.map((b: { name: string }) => b.name), ['docs/intro']);
    assert.equal(filtered.data.repository.branches.totalCount, 1);
  });

  it('returns null for a branch or tag that does not exist, and the branch for one that does', async () => {
    const res = await gql(`query($o: String!) { repository(owner: $o, name: "g1") { missing: branch(name: "ghost") { name } odd: branch(name: "a..b") { name } dev: branch(name: "dev") { name viewerCanPush } tag(name: "none") { name } } }`, { o: owner.login });
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.equal(res.data.repository.missing, null);
    assert.equal(res.data.repository.odd, null);
    assert.equal(res.data.repository.tag, null);
    assert.deepEqual(res.data.repository.dev, { name: 'dev', viewerCanPush: true });
    const asStranger = await gql(`query($o: String!) { repository(owner: $o, name: "g1") { branch(name: "dev") { viewerCanPush viewerCanMerge } } }`, { o: owner.login }, stranger.basic);
    assert.deepEqual(asStranger.data.repository.branch, { viewerCanPush: false, viewerCanMerge: false });
  });

  it('reports the failures of createBranch with their kinds: empty repository, missing start, bad name, taken name, no access', async () => {
    assert.equal(code(await createBranch({ newBranchName: 'x' }, 'nothing')), 'NOT_FOUND');
    assert.equal(code(await createBranch({ newBranchName: 'x', oldBranchName: 'ghost' })), 'NOT_FOUND');
    assert.equal(code(await createBranch({ newBranchName: 'x', oldRefName: 'ghost' })), 'NOT_FOUND');
    assert.equal(code(await createBranch({ newBranchName: 'x y' })), 'VALIDATION');
    assert.equal(code(await createBranch({ newBranchName: 'dev' })), 'CONFLICT');
    assert.equal(code(await createBranch({ newBranchName: 'dev/sub' })), 'CONFLICT');
    assert.equal(code(await createBranch({ newBranchName: 'x' }, 'g1', stranger.basic)), 'FORBIDDEN');
    const readOnly = await createToken(api, owner, ['read:repository']);
    assert.equal(code(await createBranch({ newBranchName: 'x' }, 'g1', { token: readOnly })), 'FORBIDDEN');
    const listed = await gql(`query($o: String!) { repository(owner: $o, name: "g1") { branch(name: "x") { name } } }`, { o: owner.login });
    assert.equal(listed.data.repository.branch, null);
  });

  it('renames the default branch for its owner: the repository default follows, the result is the default branch', async () => {
    const res = await gql(`mutation($o: String!) { renameBranch(owner: $o, name: "g1", branch: "main", newName: "primary") { name isDefault repository { defaultBranch branchCount } } }`, { o: owner.login });
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.deepEqual(res.data.renameBranch, { name: 'primary', isDefault: true, repository: { defaultBranch: 'primary', branchCount: 4 } });
    const refused = await gql(`mutation($o: String!) { renameBranch(owner: $o, name: "g1", branch: "primary", newName: "dev") { name } }`, { o: owner.login });
    assert.equal(code(refused), 'VALIDATION');
    const stranger1 = await gql(`mutation($o: String!) { renameBranch(owner: $o, name: "g1", branch: "dev", newName: "mine") { name } }`, { o: owner.login }, stranger.basic);
    assert.equal(code(stranger1), 'FORBIDDEN');
  });

  it('deletes ordinary branches but never the default one', async () => {
    const del = (branch: string) => gql(`mutation($o: String!, $b: String!) { deleteBranch(owner: $o, name: "g1", branch: $b) }`, { o: owner.login, b: branch });
    assert.equal((await del('release')).data.deleteBranch, true);
    assert.equal(code(await del('release')), 'NOT_FOUND');
    assert.equal(code(await del('primary')), 'FORBIDDEN');
    const repo = await gql(`query($o: String!) { repository(owner: $o, name: "g1") { branchCount branches { totalCount } } }`, { o: owner.login });
    assert.deepEqual(repo.data.repository, { branchCount: 3, branches: { totalCount: 3 } });
  });

  const TAG_FIELDS = 'name oid isAnnotated targetType commitOid message tagger { name email user { login } } commit { oid message }';

  it('creates annotated tags with a message and lightweight ones without, and publishes repo.tag events', async () => {
    const events = server.app.events.subscribe('repo.tag');
    const annotated = await gql(`mutation($o: String!) { createTag(owner: $o, name: "g1", input: { tagName: "v1", message: "Version one" }) { ${TAG_FIELDS} } }`, { o: owner.login });
    assert.equal(annotated.errors, undefined, JSON.stringify(annotated.errors));
    const a = annotated.data.createTag;
    assert.equal(a.isAnnotated, true);
    assert.equal(a.targetType, 'tag');
    assert.notEqual(a.oid, a.commitOid);
    assert.equal(a.message, 'Version one\n');
    assert.equal(a.tagger.email, owner.email);
    assert.equal(a.tagger.user.login, owner.login);
    assert.equal(a.commit.oid, a.commitOid);

    const light = await gql(`mutation($o: String!) { createTag(owner: $o, name: "g1", input: { tagName: "v1-light", target: "dev" }) { ${TAG_FIELDS} } }`, { o: owner.login });
    assert.equal(light.errors, undefined, JSON.stringify(light.errors));
    const l = light.data.createTag;
    assert.equal(l.isAnnotated, false);
    assert.equal(l.targetType, 'commit');
    assert.equal(l.oid, l.commitOid);
    assert.equal(l.message, 'Initial commit\n');

    const received: string[] = [];
    for (let i = 0; i < 2; i++) {
      const next = await Promise.race([events.next(), new Promise<null>((r) => setTimeout(() => r(null), 3000))]);
      if (next && !next.done) received.push(`${next.value.action} ${next.value.tag}`);
    }
    await events.return?.();
    assert.deepEqual(received, ['created v1', 'created v1-light']);

    assert.equal(code(await gql(`mutation($o: String!) { createTag(owner: $o, name: "g1", input: { tagName: "v1" }) { name } }`, { o: owner.login })), 'CONFLICT');
    assert.equal(code(await gql(`mutation($o: String!) { createTag(owner: $o, name: "g1", input: { tagName: "v9", target: "ghost" }) { name } }`, { o: owner.login })), 'NOT_FOUND');
  });

  it('reads tags, tag objects and refs: annotatedTag is null for an unknown id and an error for a commit id', async () => {
    const res = await gql(
      `query($o: String!) { repository(owner: $o, name: "g1") {
        tags { totalCount nodes { name isAnnotated } }
        v1: tag(name: "v1") { oid commitOid }
        refs(prefix: "refs/tags/") { name oid objectType peeledOid }
        heads: refs(prefix: "refs/heads/d") { name }
      } }`,
      { o: owner.login },
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const repo = res.data.repository;
    assert.equal(repo.tags.totalCount, 2);
    assert.deepEqual(repo.refs.map((r: { name: string }) => r.name), ['refs/tags/v1', 'refs/tags/v1-light']);
    assert.deepEqual(repo.refs[0], { name: 'refs/tags/v1', oid: repo.v1.oid, objectType: 'tag', peeledOid: repo.v1.commitOid });
    assert.deepEqual(repo.heads.map((r: { name: string }) => r.name), ['refs/heads/dev', 'refs/heads/docs/intro']);

    const object = await gql(`query($o: String!, $id: String!) { repository(owner: $o, name: "g1") { annotatedTag(oid: $id) { oid name message targetType targetOid commitOid tagger { email } } } }`, { o: owner.login, id: repo.v1.oid });
    assert.equal(object.errors, undefined, JSON.stringify(object.errors));
    assert.deepEqual(object.data.repository.annotatedTag, {
      oid: repo.v1.oid, name: 'v1', message: 'Version one\n', targetType: 'commit', targetOid: repo.v1.commitOid, commitOid: repo.v1.commitOid, tagger: { email: owner.email },
    });
    const unknown = await gql(`query($o: String!) { repository(owner: $o, name: "g1") { annotatedTag(oid: "${'0'.repeat(40)}") { oid } } }`, { o: owner.login });
    assert.equal(unknown.data.repository.annotatedTag, null);
    const commit = await gql(`query($o: String!, $id: String!) { repository(owner: $o, name: "g1") { annotatedTag(oid: $id) { oid } } }`, { o: owner.login, id: repo.v1.commitOid });
    assert.equal(code(commit), 'BAD_REQUEST');
  });

  it('deletes tags with write access only', async () => {
    const del = (auth: Auth) => gql(`mutation($o: String!) { deleteTag(owner: $o, name: "g1", tag: "v1-light") }`, { o: owner.login }, auth);
    assert.equal(code(await del(stranger.basic)), 'FORBIDDEN');
    assert.equal((await del(adminAuth)).data.deleteTag, true);
    assert.equal(code(await del(owner.basic)), 'NOT_FOUND');
  });

  it('shows a signed commit as unverified, with its signature and the payload the signature covers', async () => {
    const dir = server.dir('signed');
    assert.equal((await gitAsync(['clone', '-q', remoteUrl(server.url, owner.login, 'g1', [owner.login, owner.password]), dir])).status, 0);
    const head = gitLocal(['rev-parse', 'HEAD'], { cwd: dir }).stdout.trim();
    const tree = gitLocal(['rev-parse', 'HEAD^{tree}'], { cwd: dir }).stdout.trim();
    const who = `Signer <${owner.email}> 1700000000 +0000`;
    const signature = '-----BEGIN PGP SIGNATURE-----\n\niQEzBAABCAAdFiEEfakefakefake\n=abcd\n-----END PGP SIGNATURE-----';
    const payload = `tree ${tree}\nparent ${head}\nauthor ${who}\ncommitter ${who}\n\nsigned work\n`;
    const signed = payload.replace('\n\nsigned work', `\ngpgsig ${signature.split('\n').join('\n ')}\n\nsigned work`);
    const oid = gitLocal(['hash-object', '-t', 'commit', '-w', '--stdin'], { cwd: dir, input: signed }).stdout.trim();
    assert.match(oid, /^[0-9a-f]{40}$/);
    const push = await gitAsync(['push', '-q', 'origin', `${oid}:refs/heads/signed`], { cwd: dir });
    assert.equal(push.status, 0, push.stderr);
    const res = await gql(`query($o: String!) { repository(owner: $o, name: "g1") { branch(name: "signed") { commit { oid message verification { verified reason signature payload } } } } }`, { o: owner.login });
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const commit = res.data.repository.branch.commit;
    assert.equal(commit.oid, oid);
    assert.equal(commit.message, 'signed work\n');
    // Branch.commit is the Commit type: its signature ends with a line end, as on every commit. The made-up
    // signature is no OpenPGP packet, which Gitea's reason says.
    assert.deepEqual(commit.verification, { verified: false, reason: 'gpg.error.extract_sign', signature: `${signature}\n`, payload });
  });

  it('works the same on a SHA-256 repository', async () => {
    const created = await createBranch({ newBranchName: 'side' }, 'g256');
    assert.equal(created.errors, undefined, JSON.stringify(created.errors));
    assert.equal(created.data.createBranch.oid.length, 64);
    const tag = await gql(`mutation($o: String!) { createTag(owner: $o, name: "g256", input: { tagName: "t", target: "side", message: "m" }) { ${TAG_FIELDS} } }`, { o: owner.login });
    assert.equal(tag.errors, undefined, JSON.stringify(tag.errors));
    assert.equal(tag.data.createTag.oid.length, 64);
    assert.equal(tag.data.createTag.commitOid, created.data.createBranch.oid);
    const renamed = await gql(`mutation($o: String!) { renameBranch(owner: $o, name: "g256", branch: "side", newName: "side2") { name oid } }`, { o: owner.login });
    assert.deepEqual(renamed.data.renameBranch, { name: 'side2', oid: created.data.createBranch.oid });
    const repo = await gql(`query($o: String!) { repository(owner: $o, name: "g256") { objectFormat branchCount refs { name oid } } }`, { o: owner.login });
    assert.equal(repo.data.repository.objectFormat, 'sha256');
    assert.equal(repo.data.repository.branchCount, 2);
    assert.deepEqual(repo.data.repository.refs.map((r: { name: string }) => r.name), ['refs/heads/main', 'refs/heads/side2', 'refs/tags/t']);
    assert.ok(repo.data.repository.refs.every((r: { oid: string }) => r.oid.length === 64));
  });
});
