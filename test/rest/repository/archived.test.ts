import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('writes to an archived repository', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let stranger: TestAccount;
  /** A fork (so merge-upstream applies) with a README, a branch "side" and a tag "v1", archived by its owner. */
  let path: string;
  let readmeSha: string;

  before(async () => {
    let alice: TestAccount;
    [alice, owner, stranger] = await createAccounts(api, 3);
    const upstream = await buildRepo(server, alice, {
      files: { 'README.md': 'upstream\n' },
      commits: [{ branch: 'side', files: { 'side.txt': 'side\n' } }],
      tags: { v1: 'main' },
    });
    const forked = await api.post(`${upstream.path}/forks`, {}, owner.basic);
    assert.equal(forked.status, 202, JSON.stringify(forked.body));
    path = `/repos/${owner.login}/${upstream.name}`;
    readmeSha = (await api.get(`${path}/contents/README.md`, owner.basic)).body.sha;
    const archived = await api.patch(path, { archived: true }, owner.basic);
    assert.equal(archived.status, 200, JSON.stringify(archived.body));
    assert.equal(archived.body.archived, true);
  });

  /** Every API write to a repository's content, as Gitea's route table refuses it for archived repositories (mustNotBeArchived). */
  const contentWrites: [string, () => Promise<{ status: number; body: any }>][] = [
    ['repoCreateBranch', () => api.post(`${path}/branches`, { new_branch_name: 'frozen' }, owner.basic)],
    ['repoDeleteBranch', () => api.delete(`${path}/branches/side`, owner.basic)],
    ['repoRenameBranch', () => api.patch(`${path}/branches/side`, { name: 'renamed' }, owner.basic)],
    ['repoCreateTag', () => api.post(`${path}/tags`, { tag_name: 'v2' }, owner.basic)],
    ['repoDeleteTag', () => api.delete(`${path}/tags/v1`, owner.basic)],
    ['repoCreateFile', () => api.post(`${path}/contents/new.txt`, { content: b64('new') }, owner.basic)],
    ['repoUpdateFile', () => api.put(`${path}/contents/README.md`, { content: b64('changed'), sha: readmeSha }, owner.basic)],
    ['repoDeleteFile', () => api.request('DELETE', `${path}/contents/README.md`, { auth: owner.basic, body: { sha: readmeSha } })],
    ['repoChangeFiles', () => api.post(`${path}/contents`, { files: [{ operation: 'create', path: 'a.txt', content: b64('a') }] }, owner.basic)],
    ['repoApplyDiffPatch', () => api.post(`${path}/diffpatch`, { content: 'diff --git a/x b/x\n' }, owner.basic)],
    ['repoMergeUpstream', () => api.post(`${path}/merge-upstream`, { branch: 'main' }, owner.basic)],
  ];

  it('answers 423 Locked with one message to every write to its content, and changes nothing', async () => {
    const answers: Record<string, string> = {};
    for (const [operationId, write] of contentWrites) {
      const res = await write();
      answers[operationId] = `${res.status} ${res.body?.message}`;
    }
    assert.deepEqual(answers, Object.fromEntries(contentWrites.map(([id]) => [id, '423 repo is archived'])));
    const branches = await api.get(`${path}/branches`, owner.basic);
    assert.deepEqual(branches.body.map((b: { name: string }) => b.name).sort(), ['main', 'side']);
    assert.equal((await api.get(`${path}/contents/README.md`, owner.basic)).body.sha, readmeSha);
  });

  it('checks access first: who may not write gets 403, as before', async () => {
    const res = await api.post(`${path}/branches`, { new_branch_name: 'frozen' }, stranger.basic);
    assert.equal(res.status, 403);
  });

  it('gives GraphQL clients the LOCKED code with the same message', async () => {
    const res = await server.graphql(
      'mutation($o: String!, $n: String!) { createBranch(owner: $o, name: $n, input: { newBranchName: "frozen" }) { name } }',
      { o: owner.login, n: path.split('/')[3] },
      owner.basic,
    );
    assert.equal(res.errors?.[0]?.extensions?.code, 'LOCKED', JSON.stringify(res.errors));
    assert.equal(res.errors?.[0]?.message, 'repo is archived');
  });

  it('still answers reads, and settings and topics change, as Gitea lets them', async () => {
    assert.equal((await api.get(`${path}/branches/side`, owner.basic)).status, 200);
    assert.equal((await api.get(`${path}/tags/v1`, owner.basic)).status, 200);
    assert.equal((await api.put(`${path}/topics/frozen`, undefined, owner.basic)).status, 204);
    const edited = await api.patch(path, { description: 'kept for the record' }, owner.basic);
    assert.equal(edited.status, 200);
    assert.equal(edited.body.archived, true);
  });

  it('takes writes again once unarchived', async () => {
    assert.equal((await api.patch(path, { archived: false }, owner.basic)).status, 200);
    const res = await api.post(`${path}/branches`, { new_branch_name: 'thawed' }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
  });
});
