import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, type ClientAccount, type GiteaClient } from '../testkit/gitea-js.ts';
import { CRON } from '../testkit/gitea-js-fields/cron.ts';
import { gitLocal } from '../testkit/git.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: cron tasks and unadopted repositories. */
describe('gitea-js: cron tasks and unadopted repositories', () => {
  const server = useServer({ 'cron.archive_cleanup': { RUN_AT_START: false }, 'cron.cleanup_temporary_uploads': { RUN_AT_START: false } });
  let admin: GiteaClient;
  let person: ClientAccount;

  before(async () => {
    admin = await clientFor(server, ADMIN);
    person = await createClientAccount(server, admin);
  });

  it('adminCronList lists the tasks with every field the client types, and adminCronRun runs one', async () => {
    const listed = await admin.admin.adminCronList({ limit: 50 });
    assert.equal(listed.status, 200);
    for (const task of listed.data) assertTypedFields(task, CRON, 'Cron');
    const before = listed.data.find((t) => t.name === 'archive_cleanup')!;
    assert.equal(before.exec_times, 0);
    assert.equal((await admin.admin.adminCronRun('archive_cleanup')).status, 204);
    await server.app.backgroundIdle();
    const after = (await admin.admin.adminCronList()).data.find((t) => t.name === 'archive_cleanup')!;
    assert.equal(after.exec_times, 1);
    assert.notEqual(after.prev, '0001-01-01T00:00:00Z');
    assert.equal((await failure(admin.admin.adminCronRun('nothing_like_it'))).status, 404);
    assert.equal((await failure(person.api.admin.adminCronList())).status, 403);
  });

  it('adminUnadoptedList, adminAdoptRepository and adminDeleteUnadoptedRepository list, adopt and delete files no repository owns', async () => {
    const folder = (name: string) => path.join(server.app.config.server.DATA_DIR, 'repositories', person.login.toLowerCase(), `${name}.git`);
    for (const name of ['adopt-me', 'drop-me']) assert.equal(gitLocal(['init', '--bare', '-q', folder(name)]).status, 0);
    const listed = await admin.admin.adminUnadoptedList({ pattern: person.login });
    assert.deepEqual(listed.data, [`${person.login}/adopt-me`, `${person.login}/drop-me`]);
    assert.equal((await admin.admin.adminAdoptRepository(person.login, 'adopt-me')).status, 204);
    assert.equal((await admin.repos.repoGet(person.login, 'adopt-me')).data.private, true);
    assert.equal((await admin.admin.adminDeleteUnadoptedRepository(person.login, 'drop-me')).status, 204);
    assert.equal(existsSync(folder('drop-me')), false);
    assert.deepEqual((await admin.admin.adminUnadoptedList({ pattern: person.login })).data, []);
    assert.equal((await failure(admin.admin.adminAdoptRepository(person.login, 'drop-me'))).status, 404);
  });
});
