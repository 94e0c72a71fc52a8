import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount, type TestAccount } from '../testkit/accounts.ts';
import { graphql, type Auth } from '../testkit/client.ts';
import { buildRepo } from '../testkit/repos.ts';
import { createOrg } from '../testkit/orgs.ts';
import { useServer } from '../testkit/use-server.ts';

/**
 * One rule decides what is absent or hidden (src/graphql/errors.ts: lookup): GraphQL answers null, the REST
 * facade answers 404 with the service's sentence. A hidden thing is told apart from an absent one by neither.
 */
describe('a lookup is absent or hidden by one rule, in GraphQL and in REST', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let outsider: TestAccount;
  let secretId: number;
  before(async () => {
    owner = await createAccount(api);
    outsider = await createAccount(api);
    secretId = (await buildRepo(server, owner, { name: 'secret', private: true, autoInit: true })).id;
    await buildRepo(server, owner, { name: 'open', autoInit: true });
    await createOrg(server, [owner], { login: `${owner.login}-hidden`, visibility: 'private' });
  });

  const REPOSITORY = 'query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { name } }';

  /** GraphQL's answer for a lookup: null without an error. */
  async function graphqlNull(query: string, variables: Record<string, unknown>, auth: Auth, field: (data: any) => unknown) {
    const res = await graphql(server.url, query, variables, auth);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.equal(field(res.data), null);
  }

  /** REST's answer for the same lookup: 404 with this sentence. */
  async function restNotFound(path: string, auth: Auth, message: string) {
    const res = await api.get(path, auth);
    assert.equal(res.status, 404, `${path}: ${JSON.stringify(res.body)}`);
    assert.equal(res.body.message, message);
  }

  it('answers an absent repository with null in GraphQL and 404 in REST', async () => {
    await graphqlNull(REPOSITORY, { owner: owner.login, name: 'nothing' }, owner.basic, (d) => d.repository);
    await restNotFound(`/repos/${owner.login}/nothing`, owner.basic, `repository ${owner.login}/nothing does not exist`);
  });

  it('answers a private repository hidden from an outsider exactly as an absent one, in both', async () => {
    for (const auth of [outsider.basic, undefined]) {
      await graphqlNull(REPOSITORY, { owner: owner.login, name: 'secret' }, auth, (d) => d.repository);
      await restNotFound(`/repos/${owner.login}/secret`, auth, `repository ${owner.login}/secret does not exist`);
      await restNotFound(`/repos/${owner.login}/secret/branches`, auth, `repository ${owner.login}/secret does not exist`);
    }
    const byId = 'query($id: Int!) { repositoryById(id: $id) { name } }';
    await graphqlNull(byId, { id: secretId }, outsider.basic, (d) => d.repositoryById);
    await restNotFound(`/repositories/${secretId}`, outsider.basic, `repository ${secretId} does not exist`);
    await restNotFound(`/repositories/${secretId + 1000}`, outsider.basic, `repository ${secretId + 1000} does not exist`);
    const seen = await api.get(`/repos/${owner.login}/secret`, owner.basic);
    assert.equal(seen.status, 200, 'its owner sees it');
  });

  it('answers a lookup inside a repository (a branch, a commit) with null in GraphQL and 404 in REST', async () => {
    const branch = 'query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { branch(name: "ghost") { name } } }';
    await graphqlNull(branch, { owner: owner.login, name: 'open' }, outsider.basic, (d) => d.repository.branch);
    await restNotFound(`/repos/${owner.login}/open/branches/ghost`, outsider.basic, 'branch "ghost" does not exist');
    const commit = 'query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { commit(rev: "no-such-rev") { oid } } }';
    await graphqlNull(commit, { owner: owner.login, name: 'open' }, outsider.basic, (d) => d.repository.commit);
    await restNotFound(`/repos/${owner.login}/open/git/commits/no-such-rev`, outsider.basic, 'commit "no-such-rev" does not exist');
  });

  it('answers a private organization hidden from an outsider as an absent one, in both', async () => {
    const query = 'query($login: String!) { organization(login: $login) { login } }';
    for (const login of [`${owner.login}-hidden`, `${owner.login}-nothing`]) {
      await graphqlNull(query, { login }, outsider.basic, (d) => d.organization);
      await restNotFound(`/orgs/${login}`, outsider.basic, `organization "${login}" does not exist`);
      await restNotFound(`/orgs/${login}/repos`, outsider.basic, `organization "${login}" does not exist`);
    }
  });

  it('answers "is it so?" endpoints that find it is not with 404 and Gitea\'s generic sentence', async () => {
    await restNotFound(`/user/starred/${owner.login}/open`, outsider.basic, "The target couldn't be found.");
    await restNotFound(`/user/following/${owner.login}`, outsider.basic, "The target couldn't be found.");
    await restNotFound(`/repos/${owner.login}/open/subscription`, outsider.basic, "The target couldn't be found.");
    assert.equal((await api.put(`/user/starred/${owner.login}/open`, undefined, outsider.basic)).status, 204);
    assert.equal((await api.get(`/user/starred/${owner.login}/open`, outsider.basic)).status, 204, 'and 204 once it is so');
  });
});
