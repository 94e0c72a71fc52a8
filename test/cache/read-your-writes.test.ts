import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { RestClient } from '../testkit/client.ts';
import { createAccount, createToken, type TestAccount } from '../testkit/accounts.ts';
import { gitAsync, remoteUrl, tempDir } from '../testkit/git.ts';
import { createOrg } from '../testkit/orgs.ts';
import { buildRepo, type RepoSpec } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

const REDIS_URL = process.env.GRAFT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A repository answer is one state of the repository: every field naming it agrees with `full_name`. */
function assertCoherent(body: { name: string; full_name: string; owner: { login: string }; html_url: string; clone_url: string; url: string }) {
  assert.equal(body.full_name, `${body.owner.login}/${body.name}`);
  assert.ok(body.html_url.endsWith(`/${body.full_name}`), body.html_url);
  assert.ok(body.clone_url.endsWith(`/${body.full_name}.git`), body.clone_url);
}

/**
 * Caches keep rows between requests (src/cache); these prove a write is seen by the very next request,
 * on the instance that made it and on another one sharing the database and Redis, with no wait between.
 */
describe('caches and read-your-writes across two instances', () => {
  const first = useServer({ redis: { URL: REDIS_URL } });
  const second = useServer({ redis: { URL: REDIS_URL } }, { sharingDataOf: first });
  const { api: a } = first;
  const { api: b } = second;
  let owner: TestAccount;
  let token: string;
  before(async () => {
    owner = await createAccount(a);
    token = await createToken(a, owner, ['write:repository', 'write:user', 'write:organization']);
  });

  const repo = (name: string, spec: RepoSpec = {}) => buildRepo(first, owner, { name, ...spec });
  /** Reads through B twice, so that what it read is in B's cache before the write. */
  const warm = async (path: string, auth: Parameters<RestClient['get']>[1]) => {
    const firstRead = await b.get(path, auth);
    const again = await b.get(path, auth);
    assert.equal(again.status, firstRead.status);
    return again;
  };

  it('B answers a repeated repository read from its cache', async () => {
    await repo('cached-on-b');
    // The instances' background work of that creation (the event log's reader, on either) must not land in the count.
    await first.app.backgroundIdle();
    await second.app.backgroundIdle();
    await warm(`/repos/${owner.login}/cached-on-b`, { token });
    await second.app.backgroundIdle();
    const before = second.app.database.queryCount();
    assert.equal((await b.get(`/repos/${owner.login}/cached-on-b`, { token })).status, 200);
    assert.equal(second.app.database.queryCount() - before, 0);
  });

  it('a rename through one instance is seen by the next request on the other, old name and new', async () => {
    await repo('before-rename');
    assert.equal((await warm(`/repos/${owner.login}/before-rename`, { token })).body.name, 'before-rename');
    assert.equal((await warm(`/repos/${owner.login}/after-rename`, { token })).status, 404);
    const renamed = await a.patch(`/repos/${owner.login}/before-rename`, { name: 'after-rename' }, { token });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    // The old name leads to the repository under its new name, on the other instance too.
    const byOld = await b.get(`/repos/${owner.login}/before-rename`, { token });
    assert.equal(byOld.status, 200);
    assert.equal(byOld.body.full_name, `${owner.login}/after-rename`);
    const byNew = await b.get(`/repos/${owner.login}/after-rename`, { token });
    assert.equal(byNew.status, 200);
    assertCoherent(byNew.body);
    assert.equal(byNew.body.full_name, `${owner.login}/after-rename`);
  });

  it('a transfer through one instance is seen by the next request on the other', async () => {
    const recipient = await createAccount(a);
    await repo('moving');
    await warm(`/repos/${owner.login}/moving`, { token });
    const moved = await a.post(`/repos/${owner.login}/moving/transfer`, { new_owner: recipient.login }, { basic: ['root', 'root-password-1'] });
    assert.equal(moved.status, 202, JSON.stringify(moved.body));
    const seen = await b.get(`/repos/${owner.login}/moving`, recipient.basic);
    assert.equal(seen.status, 200);
    assert.equal(seen.body.full_name, `${recipient.login}/moving`);
    assertCoherent(seen.body);
  });

  it('a deletion through one instance is seen by the next request on the other', async () => {
    await repo('doomed');
    await warm(`/repos/${owner.login}/doomed`, { token });
    assert.equal((await a.delete(`/repos/${owner.login}/doomed`, { token })).status, 204);
    assert.equal((await b.get(`/repos/${owner.login}/doomed`, { token })).status, 404);
  });

  it('a permission change and a collaborator removal through one instance are seen by the next request on the other', async () => {
    const helper = await createAccount(a);
    await repo('guarded', { private: true });
    const path = `/repos/${owner.login}/guarded`;
    assert.equal((await a.put(`${path}/collaborators/${helper.login}`, { permission: 'read' }, { token })).status, 204);
    assert.equal((await warm(path, helper.basic)).body.permissions.push, false);
    assert.equal((await a.put(`${path}/collaborators/${helper.login}`, { permission: 'write' }, { token })).status, 204);
    assert.equal((await b.get(path, helper.basic)).body.permissions.push, true);
    assert.equal((await a.patch(path, { private: false }, { token })).status, 200);
    assert.equal((await b.get(path, undefined)).status, 200, 'made public: anonymous callers see it at once');
    assert.equal((await a.patch(path, { private: true }, { token })).status, 200);
    assert.equal((await b.get(path, undefined)).status, 404, 'private again: hidden at once');
    assert.equal((await a.delete(`${path}/collaborators/${helper.login}`, { token })).status, 204);
    assert.equal((await b.get(path, helper.basic)).status, 404);
  });

  it('a token revoked through one instance fails on the next request to the other', async () => {
    const created = await a.post(`/users/${owner.login}/tokens`, { name: 'revoked-elsewhere', scopes: ['read:user'] }, owner.basic);
    const secret = created.body.sha1;
    await warm('/user', { token: secret });
    assert.equal((await a.delete(`/users/${owner.login}/tokens/revoked-elsewhere`, owner.basic)).status, 204);
    assert.equal((await b.get('/user', { token: secret })).status, 401);
  });

  it('a team membership change through one instance is seen by the next request on the other', async () => {
    const member = await createAccount(a);
    const org = `rw-org-${process.pid}`;
    await createOrg(first, [owner], { login: org, visibility: 'private' });
    const team = await a.post(`/orgs/${org}/teams`, { name: 'crew', permission: 'read', units: ['repo.code'] }, { token });
    assert.equal(team.status, 201, JSON.stringify(team.body));
    assert.equal((await warm(`/orgs/${org}`, member.basic)).status, 404, 'a private organization is hidden from outsiders');
    assert.equal((await a.put(`/teams/${team.body.id}/members/${member.login}`, undefined, { token })).status, 204);
    assert.equal((await b.get(`/orgs/${org}`, member.basic)).status, 200);
    assert.equal((await a.delete(`/teams/${team.body.id}/members/${member.login}`, { token })).status, 204);
    assert.equal((await b.get(`/orgs/${org}`, member.basic)).status, 404);
  });

  it('a branch or tag made or deleted through one instance, by the API or by a push, is in the next list the other answers', async () => {
    await repo('listed', { autoInit: true, defaultBranch: 'main' });
    const path = `/repos/${owner.login}/listed`;
    const names = async (list: 'branches' | 'tags') => {
      const res = await b.get(`${path}/${list}`, { token });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.map((x: { name: string }) => x.name).sort();
    };
    assert.deepEqual((await warm(`${path}/branches`, { token })).body.map((x: { name: string }) => x.name), ['main']);
    assert.deepEqual((await warm(`${path}/tags`, { token })).body, []);

    assert.equal((await a.post(`${path}/branches`, { new_branch_name: 'side' }, { token })).status, 201);
    assert.deepEqual(await names('branches'), ['main', 'side']);
    assert.equal((await a.post(`${path}/tags`, { tag_name: 'v1' }, { token })).status, 201);
    assert.deepEqual(await names('tags'), ['v1']);

    const work = tempDir();
    try {
      const remote = remoteUrl(first.url, owner.login, 'listed', [owner.login, owner.password]);
      assert.equal((await gitAsync(['clone', '-q', remote, work.dir])).status, 0);
      const pushed = await gitAsync(['push', '-q', 'origin', 'main:pushed', 'main:refs/tags/v2', ':side'], { cwd: work.dir });
      assert.equal(pushed.status, 0, pushed.stderr);
    } finally {
      work.remove();
    }
    assert.deepEqual(await names('branches'), ['main', 'pushed']);
    assert.deepEqual(await names('tags'), ['v1', 'v2']);
    assert.equal((await a.delete(`${path}/tags/v1`, { token })).status, 204);
    assert.deepEqual(await names('tags'), ['v2']);
  });

  it('under a burst of reads on both instances, a rename yields only coherent answers, and the new name from either name once it is answered', async () => {
    await repo('burst-old');
    let renamedAt = Infinity;
    let stop = false;
    const answers: { name: string; started: number; status: number; body: any }[] = [];
    const reader = async (api: RestClient, name: string) => {
      while (!stop) {
        const started = performance.now();
        const res = await api.get(`/repos/${owner.login}/${name}`, { token });
        answers.push({ name, started, status: res.status, body: res.body });
      }
    };
    const readers = [a, b].flatMap((api) => [reader(api, 'burst-old'), reader(api, 'burst-new'), reader(api, 'burst-old')]);
    const until = async (enough: () => boolean) => {
      while (!enough()) await new Promise((r) => setTimeout(r, 10));
    };
    await until(() => answers.length >= 12);
    const renamed = await a.patch(`/repos/${owner.login}/burst-old`, { name: 'burst-new' }, { token });
    renamedAt = performance.now();
    assert.equal(renamed.status, 200);
    await until(() => answers.filter((x) => x.started > renamedAt).length >= 12);
    stop = true;
    await Promise.all(readers);

    for (const answer of answers) {
      // The new name answers the repository under that name, or 404 before the rename; the old name answers it
      // under either name (after the rename it leads to the new one): never a mix of the two.
      if (answer.status === 200) {
        assertCoherent(answer.body);
        if (answer.name === 'burst-new') assert.equal(answer.body.name, 'burst-new');
        else assert.ok(['burst-old', 'burst-new'].includes(answer.body.name), answer.body.name);
      } else assert.equal(answer.status, 404);
      if (answer.started > renamedAt) {
        assert.equal(answer.status, 200, 'a request started after the rename was answered, by either name');
        assert.equal(answer.body.name, 'burst-new', 'a request started after the rename sees the new name');
      }
    }
    assert.ok(answers.some((x) => x.started > renamedAt), 'some reads started after the rename');
    assert.ok(answers.some((x) => x.started < renamedAt && x.status === 200), 'some reads found the old name');
  });
});
