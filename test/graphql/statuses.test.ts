import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

const CREATE = `mutation($o: String!, $n: String!, $sha: String!, $input: CreateCommitStatusInput!) {
  createCommitStatus(owner: $o, name: $n, sha: $sha, input: $input) { index sha state context description targetUrl creator { login } repository { name } }
}`;

describe('commit statuses in GraphQL', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let reader: TestAccount;
  let repo: TestRepo;
  let head: string;

  before(async () => {
    [owner, reader] = await createAccounts(api, 2);
    repo = await buildRepo(server, owner, { files: { 'g.txt': 'g\n' }, collaborators: [[reader, 'read']] });
    head = repo.heads[repo.defaultBranch];
  });

  const vars = (sha: string, input: Record<string, unknown>) => ({ o: repo.owner, n: repo.name, sha, input });

  it('createCommitStatus reports a status that Commit.statuses, Commit.combinedStatus and Repository.commitStatuses then show', async () => {
    const made = await server.graphql(CREATE, vars(repo.defaultBranch, { state: 'failure', context: 'ci', description: 'red', targetUrl: 'https://ci.example/g' }), owner.basic);
    assert.equal(made.errors, undefined, JSON.stringify(made.errors));
    assert.deepEqual(made.data.createCommitStatus, {
      index: 1,
      sha: head,
      state: 'failure',
      context: 'ci',
      description: 'red',
      targetUrl: 'https://ci.example/g',
      creator: { login: owner.login },
      repository: { name: repo.name },
    });
    assert.equal((await server.graphql(CREATE, vars(head, { state: 'success', context: 'ci' }), owner.basic)).errors, undefined);
    const read = await server.graphql(
      `query($o: String!, $n: String!, $rev: String!, $sha: String!) {
        repository(owner: $o, name: $n) {
          commit(rev: $rev) {
            statuses(filter: { sort: oldest }) { totalCount nodes { index state } }
            combinedStatus { sha state totalCount statuses { nodes { index state context } } }
          }
          commitStatuses(sha: $sha, filter: { state: "failure" }) { totalCount nodes { index } }
        }
      }`,
      { o: repo.owner, n: repo.name, rev: repo.defaultBranch, sha: head.slice(0, 12) },
      reader.basic,
    );
    assert.equal(read.errors, undefined, JSON.stringify(read.errors));
    const { commit, commitStatuses } = read.data.repository;
    assert.deepEqual(commit.statuses, { totalCount: 2, nodes: [{ index: 1, state: 'failure' }, { index: 2, state: 'success' }] });
    assert.deepEqual(commit.combinedStatus, { sha: head, state: 'success', totalCount: 1, statuses: { nodes: [{ index: 2, state: 'success', context: 'ci' }] } });
    assert.deepEqual(commitStatuses, { totalCount: 1, nodes: [{ index: 1 }] });
  });

  it('refuses createCommitStatus to a reader (FORBIDDEN), for a sha that names no commit (NOT_FOUND) and an unknown state (VALIDATION)', async () => {
    const code = async (sha: string, input: Record<string, unknown>, by: TestAccount) =>
      (await server.graphql(CREATE, vars(sha, input), by.basic)).errors?.[0]?.extensions?.code;
    assert.equal(await code(head, { state: 'success' }, reader), 'FORBIDDEN');
    assert.equal(await code('f'.repeat(40), { state: 'success' }, owner), 'NOT_FOUND');
    assert.equal(await code(head, { state: 'green' }, owner), 'VALIDATION');
  });

  it('reads the combined status of every commit of a page of history with the SQL statements of one commit', async () => {
    const history = await buildRepo(server, owner, { commits: Array.from({ length: 6 }, (_, i) => ({ key: `c${i}`, files: { [`f${i}.txt`]: `${i}\n` } })) });
    for (const [i, key] of ['c1', 'c3', 'c5'].entries()) {
      const res = await api.post(`${history.path}/statuses/${history.ids[key]}`, { state: i === 1 ? 'failure' : 'success', context: 'ci' }, owner.basic);
      assert.equal(res.status, 201);
    }
    const page = async (first: number) => {
      const query = `query($o: String!, $n: String!, $first: Int!) { repository(owner: $o, name: $n) { commits(first: $first) { nodes { oid combinedStatus { state totalCount } } } } }`;
      const variables = { o: history.owner, n: history.name, first };
      await server.graphql(query, variables, owner.basic);
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await server.graphql(query, variables, owner.basic);
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
      return { statements: server.app.database.queryCount() - before, nodes: res.data.repository.commits.nodes };
    };
    const one = await page(1);
    const all = await page(6);
    assert.equal(all.statements, one.statements);
    const byOid = new Map(all.nodes.map((n: { oid: string; combinedStatus: unknown }) => [n.oid, n.combinedStatus]));
    assert.deepEqual(byOid.get(history.ids.c3), { state: 'failure', totalCount: 1 });
    assert.deepEqual(byOid.get(history.ids.c5), { state: 'success', totalCount: 1 });
    assert.deepEqual(byOid.get(history.ids.c0), { state: 'pending', totalCount: 0 });
  });
});
