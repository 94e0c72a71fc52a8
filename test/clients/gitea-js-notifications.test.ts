import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, giteaClient, type ClientAccount } from '../testkit/gitea-js.ts';
import { NOTIFICATION_SUBJECT, NOTIFICATION_THREAD } from '../testkit/gitea-js-fields/notification.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: the notification calls a client makes. */
describe('gitea-js: notifications', () => {
  const server = useServer();
  let owner: ClientAccount;
  let poster: ClientAccount;
  let repo: TestRepo;

  before(async () => {
    const admin = await clientFor(server, ADMIN);
    [owner, poster] = await Promise.all([createClientAccount(server, admin), createClientAccount(server, admin)]);
    repo = await buildRepo(server, owner, { collaborators: [[poster, 'write']] });
  });

  it('notifyGetList, notifyGetRepoList, notifyNewAvailable, notifyGetThread and notifyReadThread read and mark a thread with every field the client types', async () => {
    const issue = await poster.api.repos.issueCreateIssue(repo.owner, repo.name, { title: 'for the watcher' });
    assert.equal(issue.status, 201);
    await server.app.backgroundIdle();
    const listed = await owner.api.notifications.notifyGetList({ limit: 10 });
    assert.equal(listed.data.length, 1);
    const [thread] = listed.data;
    assertTypedFields(thread, NOTIFICATION_THREAD, 'NotificationThread');
    assertTypedFields(thread.subject!, NOTIFICATION_SUBJECT, 'NotificationSubject');
    assert.deepEqual([thread.subject!.title, thread.subject!.type, thread.unread], ['for the watcher', 'Issue', true]);
    const inRepo = await owner.api.repos.notifyGetRepoList(repo.owner, repo.name);
    assert.deepEqual(inRepo.data.map((t) => t.id), [thread.id]);
    assert.deepEqual((await owner.api.notifications.notifyNewAvailable()).data, { new: 1 });
    const got = await owner.api.notifications.notifyGetThread(String(thread.id));
    assert.deepEqual(got.data, thread);
    const marked = await owner.api.notifications.notifyReadThread(String(thread.id), { 'to-status': 'read' });
    assert.equal(marked.status, 205);
    assert.deepEqual((await owner.api.notifications.notifyNewAvailable()).data, { new: 0 });
    assert.equal((await failure(poster.api.notifications.notifyGetThread(String(thread.id)))).status, 403);
    assert.equal((await failure(giteaClient(server).notifications.notifyGetList())).status, 401);
  });
});
