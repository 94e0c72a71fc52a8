import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createAccount } from '../testkit/accounts.ts';
import { git, gitLocal, makeLocalRepo, remoteUrl, tempDir } from '../testkit/git.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer, type ServerKit } from '../testkit/use-server.ts';

/**
 * The pre-receive hook lives under the running app's git home (src/git/protection-hook.ts). Two apps one after
 * the other in one process (as test files run) each get it, though the first one's home is gone with its data.
 */
const work = tempDir();
after(() => work.remove());

async function refusedPush(server: ServerKit, name: string) {
  const owner = await createAccount(server.api);
  await buildRepo(server, owner, { name });
  const local = makeLocalRepo(path.join(work.dir, name), { commits: 1 });
  const url = remoteUrl(server.url, owner.login, name, [owner.login, owner.password]);
  assert.equal((await git(['push', '-q', url, 'main'], { cwd: local })).status, 0);
  const rule = await server.api.post(`/repos/${owner.login}/${name}/branch_protections`, { rule_name: 'main', enable_push: false }, owner.basic);
  assert.equal(rule.status, 201);
  writeFileSync(path.join(local, 'more.txt'), 'more');
  gitLocal(['add', 'more.txt'], { cwd: local });
  gitLocal(['commit', '-q', '-m', 'more'], { cwd: local });
  return git(['push', url, 'main'], { cwd: local });
}

describe('the first app of the process', () => {
  const server = useServer();
  it('refuses a push to a branch no one may push to', async () => {
    const push = await refusedPush(server, 'first-home');
    assert.notEqual(push.status, 0);
    assert.match(push.stderr, /Not allowed to push to protected branch main/);
  });
});

describe('an app started after the first stopped and its data went', () => {
  const server = useServer();
  it('refuses the same push: the hook is written under its own home', async () => {
    const push = await refusedPush(server, 'second-home');
    assert.notEqual(push.status, 0);
    assert.match(push.stderr, /Not allowed to push to protected branch main/);
  });
});
