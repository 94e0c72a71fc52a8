import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, giteaClient, type ClientAccount, type GiteaClient } from '../testkit/gitea-js.ts';
import { ISSUE } from '../testkit/gitea-js-fields/issue.ts';
import { LABEL } from '../testkit/gitea-js-fields/label.ts';
import { USER } from '../testkit/gitea-js-fields/user.ts';
import { buildOrg, type BuiltOrg } from '../testkit/orgs.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: the labels of an issue (repository and organization labels), assignees and dependencies. */
describe('gitea-js: issue labels, assignees and dependencies', () => {
  const server = useServer();
  let owner: ClientAccount;
  let reader: ClientAccount;
  let writer: ClientAccount;
  let repo: TestRepo;
  let org: BuiltOrg;
  let orgRepo: TestRepo;

  before(async () => {
    const admin: GiteaClient = await clientFor(server, ADMIN);
    [owner, reader, writer] = await Promise.all([createClientAccount(server, admin), createClientAccount(server, admin), createClientAccount(server, admin)]);
    org = await buildOrg(server, { owner });
    [repo, orgRepo] = await Promise.all([
      buildRepo(server, owner, { collaborators: [[reader, 'read'], [writer, 'write']] }),
      buildRepo(server, owner, { org: org.login, collaborators: [[reader, 'read']] }),
    ]);
  });

  const open = async (target: TestRepo, title: string) => (await owner.api.repos.issueCreateIssue(target.owner, target.name, { title })).data;

  it('issueAddLabel, issueGetLabels, issueReplaceLabels, issueRemoveLabel and issueClearLabels on a repository\'s labels, with every field the client types', async () => {
    const [bug, docs] = await Promise.all([
      owner.api.repos.issueCreateLabel(repo.owner, repo.name, { name: 'bug', color: '#ee0701' }),
      owner.api.repos.issueCreateLabel(repo.owner, repo.name, { name: 'docs', color: '#0075ca' }),
    ]);
    const issue = await open(repo, 'labelled by gitea-js');
    const added = await owner.api.repos.issueAddLabel(repo.owner, repo.name, issue.number!, { labels: [docs.data.id, bug.data.id] });
    assert.equal(added.status, 200);
    assert.deepEqual(added.data.map((l) => l.name), ['bug', 'docs']);
    for (const label of added.data) assertTypedFields(label, LABEL, 'Label');
    const read = await giteaClient(server).repos.issueGetLabels(repo.owner, repo.name, issue.number!);
    assert.deepEqual(read.data, added.data);
    const replaced = await owner.api.repos.issueReplaceLabels(repo.owner, repo.name, issue.number!, { labels: ['docs'] });
    assert.deepEqual(replaced.data.map((l) => l.name), ['docs']);
    assert.equal((await owner.api.repos.issueRemoveLabel(repo.owner, repo.name, issue.number!, docs.data.id!)).status, 204);
    await owner.api.repos.issueAddLabel(repo.owner, repo.name, issue.number!, { labels: [bug.data.id] });
    assert.equal((await owner.api.repos.issueClearLabels(repo.owner, repo.name, issue.number!)).status, 204);
    assert.deepEqual((await giteaClient(server).repos.issueGetLabels(repo.owner, repo.name, issue.number!)).data, []);
    const got = await giteaClient(server).repos.issueGetIssue(repo.owner, repo.name, issue.number!);
    assertTypedFields(got.data, ISSUE, 'Issue');
  });

  it('issueAddLabel takes an organization\'s labels by name and by id on a repository of that organization', async () => {
    const shared = await owner.api.orgs.orgCreateLabel(org.login, { name: 'priority/high', color: '#b60205', exclusive: true });
    const low = await owner.api.orgs.orgCreateLabel(org.login, { name: 'priority/low', color: '#0e8a16', exclusive: true });
    const own = await owner.api.repos.issueCreateLabel(orgRepo.owner, orgRepo.name, { name: 'local', color: '#000000' });
    const issue = await open(orgRepo, 'org labels by gitea-js');
    const byName = await owner.api.repos.issueAddLabel(orgRepo.owner, orgRepo.name, issue.number!, { labels: ['priority/low', 'local'] });
    assert.deepEqual(byName.data.map((l) => l.id), [own.data.id, low.data.id]);
    assert.equal(byName.data[1].url, `${server.url}api/v1/orgs/${org.login}/labels/${low.data.id}`);
    const byId = await owner.api.repos.issueAddLabel(orgRepo.owner, orgRepo.name, issue.number!, { labels: [shared.data.id] });
    assert.deepEqual(byId.data.map((l) => l.name), ['local', 'priority/high'], 'the newer label of the exclusive scope replaced the older');
  });

  it('answers a reader\'s label change with 403 and a label the repository may not use with 422, each with a message', async () => {
    const issue = await open(repo, 'guarded from gitea-js');
    const refused = await failure(reader.api.repos.issueAddLabel(repo.owner, repo.name, issue.number!, { labels: ['bug'] }));
    assert.equal(refused.status, 403);
    assert.ok(refused.message);
    const unknown = await failure(owner.api.repos.issueReplaceLabels(repo.owner, repo.name, issue.number!, { labels: ['no-such-label'] }));
    assert.equal(unknown.status, 422);
    assert.match(unknown.message ?? '', /no label "no-such-label"/);
  });

  it('repoGetAssignees lists who may be assigned with every field the client types', async () => {
    const res = await reader.api.repos.repoGetAssignees(repo.owner, repo.name);
    assert.equal(res.status, 200);
    assert.deepEqual(res.data.map((u) => u.login), [owner.login, writer.login].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    assertTypedFields(res.data[0], USER, 'User');
  });

  it('issueCreateIssueDependencies, issueListIssueDependencies, issueListBlocks and issueRemoveIssueDependencies across two repositories', async () => {
    const [blocked, blocker] = [await open(repo, 'waits'), await open(orgRepo, 'in the way')];
    const made = await owner.api.repos.issueCreateIssueDependencies(repo.owner, repo.name, String(blocked.number), { owner: orgRepo.owner, repo: orgRepo.name, index: blocker.number });
    assert.equal(made.status, 201);
    assert.equal(made.data.number, blocked.number);
    assertTypedFields(made.data, ISSUE, 'Issue');
    const dependencies = await giteaClient(server).repos.issueListIssueDependencies(repo.owner, repo.name, String(blocked.number));
    assert.deepEqual(dependencies.data.map((i) => [i.repository?.full_name, i.number]), [[`${orgRepo.owner}/${orgRepo.name}`, blocker.number]]);
    const blocks = await giteaClient(server).repos.issueListBlocks(orgRepo.owner, orgRepo.name, String(blocker.number));
    assert.deepEqual(blocks.data.map((i) => i.title), ['waits']);
    const blockedClose = await failure(writer.api.repos.issueEditIssue(repo.owner, repo.name, blocked.number!, { state: 'closed' }));
    assert.deepEqual(blockedClose, { status: 412, message: 'cannot close this issue because it still has open dependencies' });
    const removed = await owner.api.repos.issueRemoveIssueDependencies(repo.owner, repo.name, String(blocked.number), { owner: orgRepo.owner, repo: orgRepo.name, index: blocker.number });
    assert.equal(removed.status, 200);
    assert.deepEqual((await giteaClient(server).repos.issueListIssueDependencies(repo.owner, repo.name, String(blocked.number))).data, []);
  });
});
