import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, giteaClient, type ClientAccount } from '../testkit/gitea-js.ts';
import { REPOSITORY } from '../testkit/gitea-js-fields/repo.ts';
import { GITIGNORE_TEMPLATE_INFO, LABEL_TEMPLATE, LICENSE_TEMPLATE_INFO, LICENSES_TEMPLATE_LIST_ENTRY } from '../testkit/gitea-js-fields/template.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: the templates of repository creation, license detection, generation from a template. */
describe('gitea-js: templates', () => {
  const server = useServer();
  let owner: ClientAccount;
  let other: ClientAccount;

  before(async () => {
    const admin = await clientFor(server, ADMIN);
    [owner, other] = await Promise.all([createClientAccount(server, admin), createClientAccount(server, admin)]);
  });

  it('listGitignoresTemplates and getGitignoreTemplateInfo answer the names and one text', async () => {
    const client = giteaClient(server);
    const names = (await client.gitignore.listGitignoresTemplates()).data;
    assert.ok(names.includes('Go') && names.includes('macOS'));
    const go = await client.gitignore.getGitignoreTemplateInfo('Go');
    assertTypedFields(go.data, GITIGNORE_TEMPLATE_INFO, 'GitignoreTemplateInfo');
    assert.equal(go.data.name, 'Go');
    assert.equal((await failure(client.gitignore.getGitignoreTemplateInfo('Nope'))).status, 404);
  });

  it('listLicenseTemplates and getLicenseTemplateInfo answer every SPDX license with every field the client types', async () => {
    const client = giteaClient(server);
    const list = (await client.licenses.listLicenseTemplates()).data;
    for (const entry of list.slice(0, 3)) assertTypedFields(entry, LICENSES_TEMPLATE_LIST_ENTRY, 'LicensesTemplateListEntry');
    assert.ok(list.some((l) => l.key === 'BSD-3-Clause'));
    const apache = await client.licenses.getLicenseTemplateInfo('Apache-2.0');
    assertTypedFields(apache.data, LICENSE_TEMPLATE_INFO, 'LicenseTemplateInfo');
    assert.match(apache.data.body!, /Apache License/);
  });

  it('listLabelTemplates and getLabelTemplateInfo answer the label sets', async () => {
    const client = giteaClient(server);
    assert.deepEqual((await client.label.listLabelTemplates()).data, ['Advanced', 'Default']);
    const labels = (await client.label.getLabelTemplateInfo('Default')).data;
    for (const l of labels) assertTypedFields(l, LABEL_TEMPLATE, 'LabelTemplate');
    assert.deepEqual(labels.map((l) => l.name), ['bug', 'duplicate', 'enhancement', 'help wanted', 'invalid', 'question', 'wontfix']);
  });

  it('createCurrentUserRepo with a license, then repoGetLicenses detects it; generateRepo copies it from a template', async () => {
    const made = await owner.api.user.createCurrentUserRepo({ name: 'starter', auto_init: true, license: 'MPL-2.0', gitignores: 'Rust', issue_labels: 'Default', template: true });
    assert.equal(made.status, 201);
    assert.equal(made.data.template, true);
    const licenses = (await owner.api.repos.repoGetLicenses(owner.login, 'starter')).data;
    assert.ok(licenses.includes('MPL-2.0'), JSON.stringify(licenses));
    const generated = await other.api.repos.generateRepo(owner.login, 'starter', { owner: other.login, name: 'from-starter', git_content: true, labels: true });
    assert.equal(generated.status, 201);
    assertTypedFields(generated.data, REPOSITORY, 'Repository');
    assert.equal(generated.data.full_name, `${other.login}/from-starter`);
    assert.ok((await other.api.repos.repoGetLicenses(other.login, 'from-starter')).data.includes('MPL-2.0'));
    assert.equal((await other.api.repos.issueListLabels(other.login, 'from-starter')).data.length, 7);
    assert.equal((await failure(other.api.repos.generateRepo(owner.login, 'starter', { owner: other.login, name: 'nothing' }))).status, 422);
  });
});
