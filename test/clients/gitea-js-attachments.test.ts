import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { commentOn } from '../testkit/comment-rows.ts';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, type ClientAccount, type GiteaClient } from '../testkit/gitea-js.ts';
import { ATTACHMENT } from '../testkit/gitea-js-fields/attachment.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: uploading, listing, reading, renaming and deleting the files of issues and comments. */
describe('gitea-js: attachments', () => {
  const server = useServer();
  let owner: ClientAccount;
  let reader: ClientAccount;
  let repo: TestRepo;
  let number: number;

  before(async () => {
    const admin: GiteaClient = await clientFor(server, ADMIN);
    [owner, reader] = await Promise.all([createClientAccount(server, admin), createClientAccount(server, admin)]);
    repo = await buildRepo(server, owner, { autoInit: true, collaborators: [[reader, 'read']] });
    number = (await owner.api.repos.issueCreateIssue(owner.login, repo.name, { title: 'with files' })).data.number!;
  });

  const file = (name: string, content: string) => new File([content], name, { type: 'text/plain' });

  it('issueCreateIssueAttachment uploads a File and answers the attachment with every field the client types', async () => {
    const res = await owner.api.repos.issueCreateIssueAttachment(owner.login, repo.name, number, { attachment: file('report.txt', 'from gitea-js') });
    assert.equal(res.status, 201);
    assertTypedFields(res.data, ATTACHMENT, 'Attachment');
    assert.equal(res.data.name, 'report.txt');
    assert.equal(res.data.size, 13);
    const named = await owner.api.repos.issueCreateIssueAttachment(owner.login, repo.name, number, { attachment: file('x.txt', 'x') }, { name: 'chosen.txt' });
    assert.equal(named.data.name, 'chosen.txt');
    const download = await fetch(res.data.browser_download_url!);
    assert.equal(await download.text(), 'from gitea-js');
  });

  it('issueListIssueAttachments and issueGetIssueAttachment read them back; the issue lists them as assets', async () => {
    const list = await reader.api.repos.issueListIssueAttachments(owner.login, repo.name, number);
    assert.deepEqual(list.data.map((a) => a.name), ['report.txt', 'chosen.txt']);
    assertTypedFields(list.data[0], ATTACHMENT, 'Attachment');
    const one = await reader.api.repos.issueGetIssueAttachment(owner.login, repo.name, number, list.data[0].id!);
    assert.equal(one.data.uuid, list.data[0].uuid);
    const issue = await reader.api.repos.issueGetIssue(owner.login, repo.name, number);
    assert.deepEqual(issue.data.assets!.map((a) => a.name), ['report.txt', 'chosen.txt']);
  });

  it('issueEditIssueAttachment renames and issueDeleteIssueAttachment deletes; a reader who did not post the issue may not', async () => {
    const made = await owner.api.repos.issueCreateIssueAttachment(owner.login, repo.name, number, { attachment: file('old.txt', 'x') });
    const id = made.data.id!;
    assert.equal((await failure(reader.api.repos.issueEditIssueAttachment(owner.login, repo.name, number, id, { name: 'new.txt' }))).status, 403);
    const renamed = await owner.api.repos.issueEditIssueAttachment(owner.login, repo.name, number, id, { name: 'new.txt' });
    assert.equal(renamed.status, 201);
    assert.equal(renamed.data.name, 'new.txt');
    assert.equal((await failure(owner.api.repos.issueEditIssueAttachment(owner.login, repo.name, number, id, { name: 'new.exe' }))).status, 422);
    assert.equal((await owner.api.repos.issueDeleteIssueAttachment(owner.login, repo.name, number, id)).status, 204);
    assert.equal((await failure(owner.api.repos.issueGetIssueAttachment(owner.login, repo.name, number, id))).status, 404);
  });

  it('the comment operations upload, list, read, rename and delete the files of a comment', async () => {
    const comment = await commentOn(server, repo, number, owner);
    const made = await owner.api.repos.issueCreateIssueCommentAttachment(owner.login, repo.name, comment.id, { attachment: file('c.txt', 'on a comment') });
    assert.equal(made.status, 201);
    assertTypedFields(made.data, ATTACHMENT, 'Attachment');
    const list = await reader.api.repos.issueListIssueCommentAttachments(owner.login, repo.name, comment.id);
    assert.deepEqual(list.data.map((a) => a.name), ['c.txt']);
    const one = await reader.api.repos.issueGetIssueCommentAttachment(owner.login, repo.name, comment.id, made.data.id!);
    assert.equal(one.data.size, 12);
    const renamed = await owner.api.repos.issueEditIssueCommentAttachment(owner.login, repo.name, comment.id, made.data.id!, { name: 'd.txt' });
    assert.equal(renamed.data.name, 'd.txt');
    assert.equal((await owner.api.repos.issueDeleteIssueCommentAttachment(owner.login, repo.name, comment.id, made.data.id!)).status, 204);
    assert.deepEqual((await reader.api.repos.issueListIssueCommentAttachments(owner.login, repo.name, comment.id)).data, []);
  });
});
