import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { catFileCommandCount } from '../../src/git/cat-file.ts';
import { createTokenAccount, type TokenAccount } from '../testkit/accounts.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

describe('objects read by id are kept, refs are always asked of git', () => {
  const server = useServer();
  const { api } = server;
  let owner: TokenAccount;

  before(async () => {
    owner = await createTokenAccount(api);
    await buildRepo(server, owner, { name: 'kept', autoInit: true, defaultBranch: 'main' });
  });

  const commandsFor = async (path: string) => {
    const before = catFileCommandCount();
    const res = await api.get(path, owner.tokenAuth);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return { body: res.body, commands: catFileCommandCount() - before };
  };

  it('reads a file a second time with one command to git: the branch, resolved anew', async () => {
    const first = await commandsFor(`/repos/${owner.login}/kept/contents/README.md`);
    assert.ok(first.commands > 1, `the first read asks git for commit, tree and blob (${first.commands} commands)`);
    const second = await commandsFor(`/repos/${owner.login}/kept/contents/README.md`);
    assert.equal(second.commands, 1);
    assert.deepEqual(second.body, first.body);
  });

  it('sees a new commit of the branch at once', async () => {
    const path = `/repos/${owner.login}/kept/contents/README.md`;
    const before = (await api.get(path, owner.tokenAuth)).body;
    const changed = await api.put(path, { content: Buffer.from('changed\n').toString('base64'), sha: before.sha, message: 'change' }, owner.tokenAuth);
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    const after = (await api.get(path, owner.tokenAuth)).body;
    assert.equal(Buffer.from(after.content, 'base64').toString(), 'changed\n');
    assert.notEqual(after.last_commit_sha, before.last_commit_sha);
  });

  it('forgets the objects of a deleted repository: one made later in its place reads its own', async () => {
    const path = `/repos/${owner.login}/kept/contents/README.md`;
    const old = (await api.get(path, owner.tokenAuth)).body;
    assert.equal((await api.delete(`/repos/${owner.login}/kept`, owner.tokenAuth)).status, 204);
    await buildRepo(server, owner, { name: 'kept', autoInit: true, defaultBranch: 'main' });
    const fresh = (await api.get(path, owner.tokenAuth)).body;
    assert.equal(Buffer.from(fresh.content, 'base64').toString().startsWith('# kept'), true, fresh.content);
    assert.notEqual(fresh.last_commit_sha, old.last_commit_sha);
  });
});
