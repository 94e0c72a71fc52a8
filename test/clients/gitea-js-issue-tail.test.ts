import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, type ClientAccount, type GiteaClient } from '../testkit/gitea-js.ts';
import { ISSUE, NEW_ISSUE_PINS_ALLOWED } from '../testkit/gitea-js-fields/issue.ts';
import { ISSUE_CONFIG, ISSUE_CONFIG_CONTACT_LINK, ISSUE_CONFIG_VALIDATION, ISSUE_FORM_FIELD, ISSUE_TEMPLATE } from '../testkit/gitea-js-fields/issue-template.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: searching issues across repositories, pinned issues, issue templates and configuration. */
describe('gitea-js: issue search, pins and templates', () => {
  const server = useServer();
  let owner: ClientAccount;
  let reader: ClientAccount;
  let repo: TestRepo;

  before(async () => {
    const admin: GiteaClient = await clientFor(server, ADMIN);
    [owner, reader] = await Promise.all([createClientAccount(server, admin), createClientAccount(server, admin)]);
    repo = await buildRepo(server, owner, {
      private: true,
      collaborators: [[reader, 'read']],
      files: {
        '.gitea/ISSUE_TEMPLATE/bug.md': '---\nname: Bug\nabout: Something is broken\nlabels: bug\n---\nWhat happened?\n',
        '.gitea/ISSUE_TEMPLATE/ask.yaml': 'name: Ask\nabout: A question\nbody:\n  - type: textarea\n    id: question\n    attributes:\n      label: Question\n',
        '.gitea/ISSUE_TEMPLATE/config.yaml': 'blank_issues_enabled: false\ncontact_links:\n  - name: Chat\n    url: https://chat.example.org/\n    about: Talk to us\n',
      },
    });
    for (const title of ['gjsearch first', 'gjsearch second', 'gjsearch third']) {
      assert.equal((await owner.api.repos.issueCreateIssue(owner.login, repo.name, { title })).status, 201);
    }
  });

  it('issueSearchIssues finds the issues of the repositories the caller reads, with every field the client types', async () => {
    const found = await reader.api.repos.issueSearchIssues({ q: 'gjsearch', limit: 2, page: 1 });
    assert.equal(found.status, 200);
    assert.deepEqual(found.data.map((i) => i.title), ['gjsearch third', 'gjsearch second']);
    assert.equal(found.headers.get('x-total-count'), '3');
    assertTypedFields(found.data[0], ISSUE, 'Issue');
    const stranger = await createClientAccount(server, await clientFor(server, ADMIN));
    assert.deepEqual((await stranger.api.repos.issueSearchIssues({ q: 'gjsearch' })).data, []);
  });

  it('pinIssue, moveIssuePin and unpinIssue keep the pinned list in order; repoNewPinAllowed tells when it is full', async () => {
    for (const number of [1, 2, 3]) assert.equal((await owner.api.repos.pinIssue(owner.login, repo.name, number)).status, 204);
    const allowed = await reader.api.repos.repoNewPinAllowed(owner.login, repo.name);
    assertTypedFields(allowed.data, NEW_ISSUE_PINS_ALLOWED, 'NewIssuePinsAllowed');
    assert.deepEqual(allowed.data, { issues: false, pull_requests: true });
    assert.equal((await owner.api.repos.moveIssuePin(owner.login, repo.name, 3, 1)).status, 204);
    assert.equal((await owner.api.repos.unpinIssue(owner.login, repo.name, 1)).status, 204);
    const pinned = await reader.api.repos.repoListPinnedIssues(owner.login, repo.name);
    assert.deepEqual(pinned.data.map((i) => [i.number, i.pin_order]), [[3, 1], [2, 2]]);
    assertTypedFields(pinned.data[0], ISSUE, 'Issue');
    assert.equal((await failure(reader.api.repos.pinIssue(owner.login, repo.name, 1))).status, 403);
  });

  it('repoGetIssueTemplates, repoGetIssueConfig and repoValidateIssueConfig answer what the client types', async () => {
    const templates = await reader.api.repos.repoGetIssueTemplates(owner.login, repo.name);
    assert.deepEqual(templates.data.map((t) => t.name), ['Ask', 'Bug']);
    for (const template of templates.data) assertTypedFields(template, ISSUE_TEMPLATE, 'IssueTemplate');
    assertTypedFields(templates.data[0].body![0], ISSUE_FORM_FIELD, 'IssueTemplate.body[]');
    assert.deepEqual(templates.data[1].labels, ['bug']);
    const config = await reader.api.repos.repoGetIssueConfig(owner.login, repo.name);
    assertTypedFields(config.data, ISSUE_CONFIG, 'IssueConfig');
    assertTypedFields(config.data.contact_links![0], ISSUE_CONFIG_CONTACT_LINK, 'IssueConfig.contact_links[]');
    assert.equal(config.data.blank_issues_enabled, false);
    const validation = await reader.api.repos.repoValidateIssueConfig(owner.login, repo.name);
    assertTypedFields(validation.data, ISSUE_CONFIG_VALIDATION, 'IssueConfigValidation');
    assert.deepEqual(validation.data, { valid: true, message: '' });
  });
});
